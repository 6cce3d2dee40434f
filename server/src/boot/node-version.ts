/**
 * The Node.js the project is built, tested and started on: package.json `engines`, `.nvmrc`,
 * `.node-version`, `.ci/run` and the release workflow all say 24. Imported first by every entry
 * point (the server, the worker, `npm start`, `npm test`), so an older Node stops with one clear
 * line instead of a stack trace from whichever dependency trips first (sanitize-html, lighthouse
 * and puppeteer-core need Node 22 or later; Node 20 reached its end of life in April 2026).
 */
export const REQUIRED_NODE_MAJOR = 24;

/** Why this Node cannot run the project, or null when it can. */
export function nodeVersionProblem(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= REQUIRED_NODE_MAJOR) return null;
  return (
    `This project needs Node.js ${REQUIRED_NODE_MAJOR} or later; this is Node.js ${version}. ` +
    `Install Node.js ${REQUIRED_NODE_MAJOR} (the version in .nvmrc), e.g. \`nvm install\` in the repository.`
  );
}

const problem = nodeVersionProblem();
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
