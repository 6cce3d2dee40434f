/**
 * How Node runs the server's TypeScript: `node --import ./server/load-typescript.mjs <entry>.ts`,
 * for `npm run server`, `npm run worker`, `npm start`'s server, the ops and admin command lines
 * (`npm run ops`, `npm run admin`: they open the server's database with its modules), the browser
 * tests and every test process and server the tests start, so the tests run the server as
 * production does.
 *
 * Node 24 runs TypeScript itself by erasing the types (server/tsconfig.json's
 * `erasableSyntaxOnly` keeps the code to what erasing can run). Two things it does not do, which
 * these hooks add: find `contract/`'s imports written without an extension (the storefront's
 * bundler and Jest read contract/ too, and they want none), and know that contract/ is ES modules
 * (its folder has no package.json saying so; Node would parse each file twice to find out).
 *
 * Why not tsx, which the server ran on before: its hooks run on a thread of their own and see
 * every module, the ~2,400 of node_modules too. A server's start and stop on the seeded database
 * took 3.5-3.9 CPU-s with it and 2.5-3.1 with these on a quiet machine, 4.1-4.5 and 2.6-2.9 with
 * a test pass beside it (29 Nov, /usr/bin/time). The command-line tests took 11.2 (admin-cli) and
 * 9.9 (ops) CPU-s running the scripts through tsx, 8.4 and 5.7 through these (29 Nov). tsx still
 * runs the rest of scripts/, which is CommonJS.
 */
import { registerHooks } from 'node:module';

const isOwnTypeScript = (url) =>
  url.startsWith('file:') && url.endsWith('.ts') && !url.includes('/node_modules/');

/** Node's refusals of a path without an extension (a file, or a folder with an index.ts). */
const NOT_A_MODULE = new Set(['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT']);

registerHooks({
  resolve(specifier, context, nextResolve) {
    let resolved;
    try {
      resolved = nextResolve(specifier, context);
    } catch (error) {
      const fromOwnTypeScript = context.parentURL && isOwnTypeScript(context.parentURL);
      if (!fromOwnTypeScript || !specifier.startsWith('.') || !NOT_A_MODULE.has(error?.code)) {
        throw error;
      }
      resolved = undefined;
      for (const suffix of ['.ts', '/index.ts']) {
        try {
          resolved = nextResolve(specifier + suffix, context);
          break;
        } catch {
          // the next way of writing it
        }
      }
      if (!resolved) throw error;
    }
    return isOwnTypeScript(resolved.url) ? { ...resolved, format: 'module-typescript' } : resolved;
  },
});
