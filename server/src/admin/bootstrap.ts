/**
 * The first accounts: `npm run admin -- create-owner` (any environment) and, in development only,
 * the demo owner `npm start` seeds. Production never seeds one and refuses to start while a demo
 * account (a password that sits in a file of the data directory) is enabled.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../boot/config.ts';
import type { Database } from '../db/schema.ts';
import { appendAudit } from './audit.ts';
import {
  enabledDemoAccounts,
  hashPassword,
  insertStaff,
  oneTimePassword,
  type StaffRow,
} from './staff.ts';

export const DEMO_OWNER_LOGIN = 'demo-owner';
/** Under DATA_DIR: the demo owner's password, owner-readable (never logged). */
export const DEMO_OWNER_PASSWORD_FILE = 'admin-demo-password';

export { oneTimePassword };

/**
 * Development: the demo owner (every brand), created once per data directory with a random
 * password kept in DATA_DIR/admin-demo-password. Answers its login and the file.
 */
export async function ensureDemoOwner(
  db: Kysely<Database>,
  config: Config,
): Promise<{ login: string; passwordFile: string }> {
  if (config.appEnv === 'production') throw new Error('production never seeds a demo owner');
  const passwordFile = path.join(config.dataDir, DEMO_OWNER_PASSWORD_FILE);
  const existing = await db
    .selectFrom('staff')
    .select('id')
    .where('login', '=', DEMO_OWNER_LOGIN)
    .executeTakeFirst();
  if (existing && fs.existsSync(passwordFile)) return { login: DEMO_OWNER_LOGIN, passwordFile };
  const password = oneTimePassword();
  if (existing)
    // The file went: a new password, written where the log says it is.
    await db
      .updateTable('staff')
      .set({ password_hash: await hashPassword(password), failed_logins: 0, locked_until: null })
      .where('id', '=', existing.id)
      .execute();
  else
    await insertStaff(
      { db, config },
      {
        login: DEMO_OWNER_LOGIN,
        displayName: '演示店主',
        role: 'owner',
        allBrands: true,
        brands: [],
        password,
        mustChangePassword: false,
        demo: true,
      },
      null,
    );
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  return { login: DEMO_OWNER_LOGIN, passwordFile };
}

/** Production's start-up check: names each enabled demo account (empty: fine). */
export async function productionStaffProblems(db: Kysely<Database>): Promise<string[]> {
  return (await enabledDemoAccounts(db)).map(
    (login) =>
      `staff account ${login} is a development demo account with a known password: disable it (or change its password) before starting in production`,
  );
}

/** `npm run admin -- create-owner`: an owner of every brand with a password to change at first login. */
export async function createOwner(
  db: Kysely<Database>,
  config: Config,
  login: string,
  displayName: string,
): Promise<{ row: StaffRow; password: string }> {
  const password = oneTimePassword();
  return db.transaction().execute(async (trx) => {
    const { row } = await insertStaff(
      { db: trx, config },
      {
        login,
        displayName,
        role: 'owner',
        allBrands: true,
        brands: [],
        password,
        mustChangePassword: true,
      },
      null,
      trx,
    );
    await appendAudit(
      trx,
      { id: null, login: 'cli', ip: null, via: 'cli' },
      {
        action: 'staff.create',
        targetType: 'staff',
        targetId: row.id,
        after: { login, role: 'owner', allBrands: true },
      },
      new Date(),
    );
    return { row, password };
  });
}
