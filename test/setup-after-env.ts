// Each test starts with empty client storage, as a fresh install would.
beforeEach(() => {
  window.localStorage.clear();
});
