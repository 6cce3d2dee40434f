/**
 * The repository's import zones (ARCHITECTURE.md "The repository"), checked on the file an import
 * resolves to rather than on its text: `../src/x` is the server's own code from server/test and
 * the storefront from server/src/*.ts, which no path pattern of `no-restricted-imports` can tell
 * apart. Neither eslint-plugin-import nor eslint-plugin-boundaries is installed; this is the
 * little of them the repository needs.
 */
import fs from 'node:fs';
import path from 'node:path';

const roots = new Map();
/** The repository root: the nearest folder above `file` holding eslint.config.mjs. */
function rootOf(file) {
  const folder = path.dirname(file);
  if (!roots.has(folder)) {
    const parent = path.dirname(folder);
    const isRoot = fs.existsSync(path.join(folder, 'eslint.config.mjs')) || parent === folder;
    roots.set(folder, isRoot ? folder : rootOf(folder));
  }
  return roots.get(folder);
}

/** Path aliases of tsconfig.json (and jest's moduleNameMapper, Taro's webpack alias). */
const ALIASES = [
  ['@contract/', 'contract/'],
  ['@/', 'src/'],
];

/** The repository path (with forward slashes) an import names, or undefined for a package. */
function targetOf(specifier, fromFile, root) {
  for (const [alias, folder] of ALIASES) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  if (!specifier.startsWith('.')) return undefined;
  const absolute = path.resolve(path.dirname(fromFile), specifier);
  return path.relative(root, absolute).split(path.sep).join('/');
}

const inside = (file, folder) => file === folder || file.startsWith(`${folder}/`);
const featureOf = (file) => /^src\/features\/([^/]+)(\/|$)/.exec(file)?.[1];

/** Why `from` may not import `to`, or undefined when it may. */
export function zoneViolation(from, to) {
  if (inside(from, 'contract') && (inside(to, 'src') || inside(to, 'server')))
    return 'The kernel (contract/) imports nothing from src/ or server/: both sides import it.';
  if (inside(from, 'server') && inside(to, 'src'))
    return 'The server does not import the storefront (src/): move what both need to contract/.';
  if (inside(from, 'src') && inside(to, 'server'))
    return 'The storefront does not import the server: what both need lives in contract/.';
  if (inside(from, 'src/platform') && (inside(to, 'src/features') || inside(to, 'src/pages')))
    return 'The platform layer (src/platform) does not import features or pages.';
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature)
    return `Features do not import each other (${fromFeature} → ${toFeature}): move the shared piece down to components/, stores/, api/, utils/ or contract/.`;
  return undefined;
}

const JEST_MODULE_CALLS = new Set(['mock', 'doMock', 'requireActual', 'requireMock']);

const noCrossZone = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the zones ARCHITECTURE.md draws.' },
    schema: [],
  },
  create(context) {
    const root = rootOf(context.filename);
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const to = targetOf(node.value, context.filename, root);
      const reason = to && zoneViolation(from, to);
      if (reason) context.report({ node, message: `${node.value}: ${reason}` });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // require() and jest's module mocks name a module as much as an import does.
      CallExpression: (node) => {
        const { callee } = node;
        const isRequire = callee.type === 'Identifier' && callee.name === 'require';
        const isJestModule =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'jest' &&
          callee.property.type === 'Identifier' &&
          JEST_MODULE_CALLS.has(callee.property.name);
        if (isRequire || isJestModule) check(node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'no-cross-zone': noCrossZone } };
