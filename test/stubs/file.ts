// Asset imports resolve to a path string in the builds; any stable string does in tests.
export default 'test-file-stub';
