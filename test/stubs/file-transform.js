// Asset imports resolve to a URL in the builds; in tests, to the file's path in the repository,
// so a test can tell which picture a screen shows.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

module.exports = {
  process(_source, filename) {
    const file = path.relative(root, filename).split(path.sep).join('/');
    return { code: `module.exports = ${JSON.stringify(file)};` };
  },
};
