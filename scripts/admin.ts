/**
 * Staff administration on the server's database (not over HTTP: it is how the first owner comes to
 * exist). Uses the server's own settings (DATABASE_URL, or PGlite under DATA_DIR: stop the server
 * first, an embedded database has one user at a time).
 *
 *   npm run admin -- create-owner --login NAME [--name 显示名]
 *       an owner of every brand; prints a one-time password, to be changed at first login
 *   npm run admin -- create-ops-token --login NAME [--label LABEL]
 *       an ops credential (`npm run ops`, X-Ops-Token) acting as that staff account, with its
 *       role and brands; printed once, only its hash is kept
 *   npm run admin -- load-demo-catalog
 *       the demo catalogue (69 goods, banners, coupons) into a database whose catalogue is
 *       empty; the merchant console's goods pages and import are the catalogue's real source
 *
 * Both are written to the audit log (via `cli`).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { StaffLogin } from '../contract/admin/index.ts';
import { createOwner } from '../server/src/admin/bootstrap.ts';
import { appendAudit } from '../server/src/admin/audit.ts';
import { ConfigError, loadConfig } from '../server/src/boot/config.ts';
import { createDatabase } from '../server/src/db/index.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { addOpsCredential } from '../server/src/ops/credentials.ts';
import { seedIfEmpty } from '../server/src/seed/index.ts';

const USAGE = `usage: npm run admin -- create-owner --login NAME [--name DISPLAY_NAME]
       npm run admin -- create-ops-token --login NAME [--label LABEL]
       npm run admin -- load-demo-catalog
environment: the server's (DATABASE_URL, or DATA_DIR for PGlite: stop the server first)`;

const LOGIN = new RegExp(StaffLogin.pattern ?? '^$');

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      login: { type: 'string' },
      name: { type: 'string' },
      label: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (command === 'load-demo-catalog') return loadDemoCatalog();
  if (command !== 'create-owner' && command !== 'create-ops-token') {
    process.stderr.write(`unknown command ${command}\n${USAGE}\n`);
    return 2;
  }
  const login = values.login ?? '';
  if (!LOGIN.test(login)) {
    process.stderr.write(
      `--login must be 3-32 lower-case letters, digits, ".", "_" or "-", starting with a letter\n`,
    );
    return 2;
  }
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize: 1,
  });
  try {
    await migrate(database.db);
    if (command === 'create-owner') {
      const displayName = (values.name ?? login).slice(0, 40);
      const { password } = await createOwner(database.db, config, login, displayName);
      process.stdout.write(
        `owner ${login} created (every brand)\none-time password: ${password}\n` +
          'sign in at /admin/api/login and change it: it must be changed at first login\n',
      );
      return 0;
    }
    const label = values.label ?? `${login}-${new Date().toISOString().slice(0, 10)}`;
    const token = randomBytes(24).toString('base64url');
    await addOpsCredential(database.db, label, token, login);
    await appendAudit(
      database.db,
      { id: null, login: 'cli', ip: null, via: 'cli' },
      { action: 'ops-credential.create', targetType: 'staff', reason: label, after: { login } },
      new Date(),
    );
    process.stdout.write(
      `ops credential ${label} for ${login}:\n${token}\n(set OPS_TOKEN to it)\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** The demo catalogue into an empty catalogue (audited as the CLI); refuses a non-empty one. */
async function loadDemoCatalog(): Promise<number> {
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize: 1,
  });
  try {
    await migrate(database.db);
    if (!(await seedIfEmpty(database.db))) {
      process.stderr.write('the catalogue is not empty: the demo catalogue was not loaded\n');
      return 1;
    }
    await appendAudit(
      database.db,
      { id: null, login: 'cli', ip: null, via: 'cli' },
      { action: 'catalog.load-demo', targetType: 'catalog' },
      new Date(),
    );
    process.stdout.write('demo catalogue loaded\n');
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) process.stderr.write(`${problem}\n`);
    } else process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
