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

/**
 * The server's layers (ARCHITECTURE.md "The server"): the entry points (server/src/main.ts,
 * worker.ts) → boot/ (start-up wiring) → routes/ (HTTP) → the domains (accounts/, orders/, …,
 * plugins/) → db/ → lib/ (shared utilities). boot/'s settings (config.ts, live-settings.ts) and
 * the deps' shape (deps.ts) are read by every layer; its wiring (app.ts, runtime.ts,
 * node-version.ts) only by boot/ and the entry points.
 */
const SERVER = 'server/src';
const ENTRY_POINTS = ['main', 'worker'];
const BOOT_SETTINGS = ['config', 'live-settings', 'deps'];
const withoutExtension = (file) => file.replace(/\.(ts|js|mjs)$/, '');
/** 'entry' for a file right in server/src, else its first folder there; undefined outside. */
function serverLayerOf(file) {
  if (!inside(file, SERVER) || file === SERVER) return undefined;
  const rest = file.slice(SERVER.length + 1);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : 'entry';
}

/** Why `from` may not import `to` inside server/src, or undefined when it may. */
function serverLayerViolation(from, to) {
  const fromLayer = serverLayerOf(from);
  const toLayer = serverLayerOf(to);
  if (!fromLayer || !toLayer || fromLayer === toLayer) return undefined;
  const name = withoutExtension(to.slice(SERVER.length + 1));
  if (toLayer === 'entry' && ENTRY_POINTS.includes(name))
    return 'Nothing imports an entry point (server/src/main.ts, worker.ts): what both need lives in boot/.';
  if (toLayer === 'routes' && fromLayer !== 'boot')
    return 'Only boot/app.ts loads the route files: a domain never imports routes/; move what both need into the domain.';
  if (fromLayer === 'lib')
    return 'server/src/lib/ holds shared utilities and imports no domain, db, route or boot file.';
  if (fromLayer === 'db' && toLayer !== 'lib')
    return 'server/src/db/ (schema, migrations, the handle) imports only lib/.';
  if (
    toLayer === 'boot' &&
    fromLayer !== 'entry' &&
    !BOOT_SETTINGS.some((setting) => name === `boot/${setting}`)
  )
    return 'The start-up wiring (boot/app.ts, runtime.ts, node-version.ts) is for the entry points and boot/ only; the layers below read boot/config.ts, live-settings.ts and deps.ts.';
  return undefined;
}

/** Why `from` may not import `to`, or undefined when it may. */
export function zoneViolation(from, to) {
  const serverReason = serverLayerViolation(from, to);
  if (serverReason) return serverReason;
  if (inside(from, 'contract') && (inside(to, 'src') || inside(to, 'server')))
    return 'The kernel (contract/) imports nothing from src/ or server/: both sides import it.';
  if (inside(from, 'server') && inside(to, 'src'))
    return 'The server does not import the storefront (src/): move what both need to contract/.';
  if (inside(from, 'src') && inside(to, 'server'))
    return 'The storefront does not import the server: what both need lives in contract/.';
  if (inside(from, 'admin') && (inside(to, 'src') || inside(to, 'server')))
    return 'The merchant console (admin/) talks to the server over /admin/api only: its types come from contract/admin.';
  if (inside(from, 'src/platform') && (inside(to, 'src/features') || inside(to, 'src/pages')))
    return 'The platform layer (src/platform) does not import features or pages.';
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature)
    return `Features do not import each other (${fromFeature} → ${toFeature}): move the shared piece down to components/, stores/, api/, utils/ or contract/.`;
  return undefined;
}

/** Why `file` may not sit where it is: server/src holds folders and the entry points only. */
export function looseServerFile(file) {
  if (
    serverLayerOf(file) !== 'entry' ||
    ENTRY_POINTS.includes(withoutExtension(file.slice(SERVER.length + 1)))
  )
    return undefined;
  return 'server/src holds only the entry points (main.ts, worker.ts): start-up wiring goes in boot/, shared utilities in lib/, the rest in the domain that owns it.';
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
      Program: (node) => {
        const reason = looseServerFile(from);
        if (reason) context.report({ node, message: reason });
      },
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

const ROUTES = 'server/src/routes';
const DATABASE_FOLDER = 'server/src/db';
/** Kysely's ways into the database: starting a query, a transaction or a raw statement. */
const QUERY_METHODS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'withRecursive',
  'transaction',
  'startTransaction',
  'connection',
  'executeQuery',
]);
const DATABASE_HANDLES = new Set(['db', 'trx']);
const ROUTES_ADVICE =
  'route handlers keep to HTTP; move the data access into a service (server/src/<domain>/) and call it.';

/** `import type …` or `import { type A, type B } …`: types only, nothing that runs. */
function typesOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')
  );
}

/** The name a member expression's property has when it is written plainly (`a.b`, `a['b']`). */
function propertyName(member) {
  const { property } = member;
  if (!member.computed && property.type === 'Identifier') return property.name;
  if (property.type === 'Literal' && typeof property.value === 'string') return property.value;
  return undefined;
}

/** `db`, `trx`, `deps.db`, `app.deps.db`: what a query would be started on. */
function isDatabaseHandle(node) {
  if (node.type === 'Identifier') return DATABASE_HANDLES.has(node.name);
  return node.type === 'MemberExpression' && DATABASE_HANDLES.has(propertyName(node) ?? '');
}

/**
 * Issue 21: files under server/src/routes/ do not use the database themselves. No value of
 * `kysely` (`sql`, …) or of server/src/db/ (types are fine), and no query, transaction or raw
 * statement started from any object. Handing `db` on to a service stays allowed: the order
 * engine's functions take it as their first argument.
 */
const noDatabaseInRoutes = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps SQL out of the route files (services and repositories own it).' },
    schema: [],
  },
  create(context) {
    const root = rootOf(context.filename);
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    if (!inside(from, ROUTES)) return {};
    const checkSource = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (node && typesOnly(node)) return;
      const specifier = source.value;
      const target = targetOf(specifier, context.filename, root);
      if (specifier === 'kysely' || specifier.startsWith('kysely/'))
        context.report({ node: source, message: `${specifier}: ${ROUTES_ADVICE}` });
      else if (target && inside(target, DATABASE_FOLDER))
        context.report({ node: source, message: `${specifier}: ${ROUTES_ADVICE}` });
    };
    return {
      ImportDeclaration: (node) => checkSource(node, node.source),
      ExportNamedDeclaration: (node) => checkSource(node, node.source),
      ExportAllDeclaration: (node) => checkSource(node, node.source),
      ImportExpression: (node) => checkSource(undefined, node.source),
      CallExpression: (node) => {
        const { callee } = node;
        if (callee.type === 'Identifier' && callee.name === 'require')
          return checkSource(undefined, node.arguments[0]);
        if (callee.type !== 'MemberExpression') return;
        const method = propertyName(callee);
        if (!method) return;
        // `with` is also Array.prototype.with: only on something named like a database handle.
        const startsQuery =
          QUERY_METHODS.has(method) || (method === 'with' && isDatabaseHandle(callee.object));
        if (startsQuery)
          context.report({ node: callee.property, message: `.${method}(): ${ROUTES_ADVICE}` });
      },
    };
  },
};

export default {
  rules: { 'no-cross-zone': noCrossZone, 'no-database-in-routes': noDatabaseInRoutes },
};
