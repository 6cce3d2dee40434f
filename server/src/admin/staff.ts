/**
 * Staff accounts and their console sessions.
 *
 * - Passwords: argon2id (@node-rs/argon2, its defaults: 19 MiB, 2 passes, OWASP's minimum).
 * - Second factor: optional TOTP (otplib), the secret sealed under DATA_ENCRYPTION_KEY.
 * - Sessions: a 256-bit token in an httpOnly cookie, and a CSRF token of the session sent back in
 *   a header on every state-changing call; only their SHA-256 is kept. A session ends after 30
 *   minutes idle or 12 hours in all, at logout, when its password changes, or when the account is
 *   disabled.
 * - Failures: `lockAfter` wrong passwords or codes in a row lock the account for `lockMinutes`.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type {
  AdminLoginBody,
  CreateStaffBody,
  StaffRole,
  StaffView,
  UpdateStaffBody,
} from '../../../contract/admin/index.ts';
import { permissionsOf } from '../../../contract/admin/permissions.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { ApiError, conflict, notFound, unauthorized } from '../plugins/errors.ts';
import { appendAudit, type StaffActor } from './audit.ts';
import type { StaffTable } from './schema.ts';

export type StaffRow = Selectable<StaffTable>;

export const IDLE_SECONDS = 30 * 60;
export const ABSOLUTE_SECONDS = 12 * 60 * 60;
/** `Algorithm.Argon2id`, a const enum the isolated-module build cannot read. */
const ARGON2ID = 2;
const TOTP_ISSUER = '租赁商家后台';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/**
 * The session's CSRF token, derived from the cookie's token: a page can read it only from a
 * login or `/me` reply, which another site's page cannot (same-origin policy).
 */
const csrfTokenOf = (sessionToken: string) =>
  createHmac('sha256', sessionToken).update('admin-csrf').digest('base64url');

// @node-rs/argon2 and otplib are imported when a password or a TOTP code is first used: together
// ~0.02 s of CPU to import (~0.08 s under tsx, 28 Nov), paid by every server and test process
// although only the console's accounts use them.
const argon2 = () => import('@node-rs/argon2');
const otp = () => import('otplib');

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, { algorithm: ARGON2ID });
}

/** A stored hash that no password matches ('!': service accounts), or a wrong password: false. */
async function passwordMatches(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  const { verify } = await argon2();
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the login is unknown, so both take the same time. */
let decoy: Promise<string> | undefined;

export function staffView(row: StaffRow): StaffView {
  return {
    id: row.id,
    login: row.login,
    displayName: row.display_name,
    role: row.role,
    allBrands: row.all_brands,
    brands: row.all_brands ? [] : [...row.brands].map(Number).sort((a, b) => a - b),
    totp: row.totp_secret !== null,
    mustChangePassword: row.must_change_password,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

export function actorOf(row: StaffRow, ip: string | null, via: StaffActor['via']): StaffActor {
  return {
    id: row.id,
    login: row.login,
    role: row.role,
    allBrands: row.all_brands,
    brands: row.brands.map(Number),
    ip,
    via,
  };
}

/** Whether the account may act for the brand. */
export function mayActFor(actor: Pick<StaffActor, 'allBrands' | 'brands'>, platform: number) {
  return actor.allBrands || actor.brands.includes(platform);
}

const totpContext = (staffId: number) => `staff:${staffId}:totp`;

// ---------------------------------------------------------------------------------------------
// Accounts

export interface NewStaff {
  login: string;
  displayName: string;
  role: StaffRole;
  allBrands: boolean;
  brands: number[];
  password: string;
  totp?: boolean;
  mustChangePassword: boolean;
  demo?: boolean;
}

/** Creates an account; answers it and, with a second factor, the otpauth URI to scan (once). */
export async function insertStaff(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: NewStaff,
  createdBy: number | null,
  trx: Kysely<Database> = deps.db,
): Promise<{ row: StaffRow; totpUri: string | null }> {
  const existing = await trx
    .selectFrom('staff')
    .select('id')
    .where('login', '=', input.login)
    .executeTakeFirst();
  if (existing) throw conflict(`登录名 ${input.login} 已被使用`);
  const brands = input.allBrands ? [] : [...new Set(input.brands)].sort((a, b) => a - b);
  if (!input.allBrands && brands.length === 0) throw new ApiError(400, '请选择可管理的品牌');
  const row = await trx
    .insertInto('staff')
    .values({
      login: input.login,
      display_name: input.displayName,
      password_hash: await hashPassword(input.password),
      role: input.role,
      all_brands: input.allBrands,
      brands,
      must_change_password: input.mustChangePassword,
      demo: input.demo ?? false,
      created_by: createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!input.totp) return { row, totpUri: null };
  const { generateSecret, generateURI } = await otp();
  const secret = generateSecret();
  const updated = await trx
    .updateTable('staff')
    .set({ totp_secret: deps.config.dataKey.seal(secret, totpContext(row.id)) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    row: updated,
    totpUri: generateURI({ secret, label: input.login, issuer: TOTP_ISSUER }),
  };
}

/**
 * Whether the actor's brands cover the account's: an owner of some brands manages only accounts
 * of those brands, so it can never make (or stop) an account wider than itself.
 */
function covers(actor: StaffActor, account: { allBrands: boolean; brands: number[] }): boolean {
  if (actor.allBrands) return true;
  return !account.allBrands && account.brands.every((brand) => actor.brands.includes(brand));
}

/** The console's createStaff: an owner adds an account, audited. */
export async function createStaff(deps: AppDeps, actor: StaffActor, body: CreateStaffBody) {
  const allBrands = body.allBrands === true;
  if (allBrands && body.brands?.length) throw new ApiError(400, '选择全部品牌时不要再列出品牌');
  if (!allBrands && !body.brands?.length) throw new ApiError(400, '请选择可管理的品牌');
  if (!covers(actor, { allBrands, brands: body.brands ?? [] }))
    throw new ApiError(403, '只能为自己可管理的品牌创建账号', 403);
  return deps.db.transaction().execute(async (trx) => {
    const created = await insertStaff(
      deps,
      {
        login: body.login,
        displayName: body.displayName,
        role: body.role,
        allBrands,
        brands: body.brands ?? [],
        password: body.password,
        totp: body.totp,
        mustChangePassword: true,
      },
      actor.id,
      trx,
    );
    const view = staffView(created.row);
    await appendAudit(
      trx,
      actor,
      {
        action: 'staff.create',
        targetType: 'staff',
        targetId: view.id,
        after: {
          login: view.login,
          role: view.role,
          allBrands: view.allBrands,
          brands: view.brands,
          totp: view.totp,
        },
      },
      deps.now(),
    );
    return { staff: view, totpUri: created.totpUri };
  });
}

/** The accounts the actor manages (an owner of some brands: the accounts within them). */
export async function listStaff(db: Kysely<Database>, actor: StaffActor) {
  const rows = await db
    .selectFrom('staff')
    .selectAll()
    .where('service', '=', false)
    .orderBy('id')
    .execute();
  return {
    list: rows
      .filter((row) => covers(actor, { allBrands: row.all_brands, brands: row.brands.map(Number) }))
      .map(staffView),
  };
}

/** An owner disables an account: its sessions and ops credentials stop at once. */
export async function disableStaff(deps: AppDeps, actor: StaffActor, id: number, reason: string) {
  if (id === actor.id) throw conflict('不能停用自己的账号');
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('staff')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row || !covers(actor, { allBrands: row.all_brands, brands: row.brands.map(Number) }))
      throw notFound('账号不存在');
    if (row.disabled_at) return { staff: staffView(row) };
    const now = deps.now();
    const updated = await trx
      .updateTable('staff')
      .set({ disabled_at: now, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('staff_sessions')
      .set({ revoked_at: now, revoked_reason: 'disabled' })
      .where('staff_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    await appendAudit(
      trx,
      actor,
      {
        action: 'staff.disable',
        targetType: 'staff',
        targetId: id,
        reason,
        before: { disabled: false },
        after: { disabled: true },
      },
      now,
    );
    return { staff: staffView(updated) };
  });
}

/** The account an owner manages, locked for the change; 404 when absent or beyond its brands. */
async function managedAccount(trx: Kysely<Database>, actor: StaffActor, id: number) {
  const row = await trx
    .selectFrom('staff')
    .selectAll()
    .where('id', '=', id)
    .where('service', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!row || !covers(actor, { allBrands: row.all_brands, brands: row.brands.map(Number) }))
    throw notFound('账号不存在');
  return row;
}

const accessOf = (view: StaffView) => ({
  role: view.role,
  allBrands: view.allBrands,
  brands: view.brands,
});

/**
 * An owner changes an account's role and brands. The account's open sessions keep running and
 * act with the new role and brands from their next request: the guard reads the account's row on
 * every request (sessionOf), so nothing stale can be used. An owner cannot change its own access
 * (it could only lock itself out), nor give more brands than it has.
 */
export async function updateStaff(
  deps: AppDeps,
  actor: StaffActor,
  id: number,
  body: UpdateStaffBody,
) {
  if (id === actor.id) throw conflict('不能修改自己的角色或品牌');
  if (body.allBrands === true && body.brands?.length)
    throw new ApiError(400, '选择全部品牌时不要再列出品牌');
  return deps.db.transaction().execute(async (trx) => {
    const row = await managedAccount(trx, actor, id);
    const before = staffView(row);
    const allBrands = body.allBrands ?? (body.brands ? false : before.allBrands);
    const brands = allBrands
      ? []
      : [...new Set(body.brands ?? before.brands)].sort((a, b) => a - b);
    if (!allBrands && brands.length === 0) throw new ApiError(400, '请选择可管理的品牌');
    if (!covers(actor, { allBrands, brands }))
      throw new ApiError(403, '只能授予自己可管理的品牌', 403);
    const role = body.role ?? before.role;
    const unchanged =
      role === before.role &&
      allBrands === before.allBrands &&
      brands.join(',') === before.brands.join(',');
    if (unchanged) return { staff: before };
    const now = deps.now();
    const updated = await trx
      .updateTable('staff')
      .set({ role, all_brands: allBrands, brands, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = staffView(updated);
    await appendAudit(
      trx,
      actor,
      {
        action: 'staff.update',
        targetType: 'staff',
        targetId: id,
        reason: body.reason,
        before: accessOf(before),
        after: accessOf(after),
      },
      now,
    );
    return { staff: after };
  });
}

/** A one-time password: 20 characters of base64url (120 bits). */
export const oneTimePassword = () => randomBytes(15).toString('base64url');

/**
 * An owner resets an account's password: a one-time password, answered once and kept only as
 * its hash, which must be changed at the next login. The account's sessions end, and a lock
 * from wrong passwords is lifted.
 */
export async function resetStaffPassword(
  deps: AppDeps,
  actor: StaffActor,
  id: number,
  reason: string,
) {
  if (id === actor.id) throw conflict('请在登录页修改自己的密码');
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return deps.db.transaction().execute(async (trx) => {
    const row = await managedAccount(trx, actor, id);
    const now = deps.now();
    const updated = await trx
      .updateTable('staff')
      .set({
        password_hash: passwordHash,
        must_change_password: true,
        demo: false,
        failed_logins: 0,
        locked_until: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const ended = await trx
      .updateTable('staff_sessions')
      .set({ revoked_at: now, revoked_reason: 'password_changed' })
      .where('staff_id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await appendAudit(
      trx,
      actor,
      {
        action: 'staff.password_reset',
        targetType: 'staff',
        targetId: id,
        reason,
        before: {
          mustChangePassword: row.must_change_password,
          locked: row.locked_until !== null && row.locked_until > now,
        },
        after: { mustChangePassword: true, sessionsEnded: Number(ended.numUpdatedRows) },
      },
      now,
    );
    return { staff: staffView(updated), password };
  });
}

// ---------------------------------------------------------------------------------------------
// Sessions

export interface StaffSession {
  staff: StaffRow;
  sessionId: number;
  csrfHash: string;
}

function newSessionReply(staff: StaffRow, csrfToken: string, expiresAt: Date) {
  return {
    staff: staffView(staff),
    csrfToken,
    expiresAt: expiresAt.toISOString(),
    idleSeconds: IDLE_SECONDS,
    permissions: staff.must_change_password ? [] : permissionsOf(staff.role),
  };
}

const LOGIN_FAILED = '登录名或密码错误';

/**
 * Signs a staff member in. Unknown logins, service accounts, wrong passwords and wrong codes all
 * answer the same 401; a locked or disabled account says so (only after the right password, for
 * a disabled one). Each failure counts towards the lock.
 */
export async function loginStaff(deps: AppDeps, body: AdminLoginBody, ip: string) {
  const { db, config } = deps;
  const now = deps.now();
  const row = await db
    .selectFrom('staff')
    .selectAll()
    .where('login', '=', body.login)
    .where('service', '=', false)
    .executeTakeFirst();
  if (!row) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    await passwordMatches(await decoy, body.password);
    throw unauthorized(LOGIN_FAILED);
  }
  if (row.locked_until && row.locked_until > now) {
    const minutes = Math.ceil((row.locked_until.getTime() - now.getTime()) / 60_000);
    throw Object.assign(new ApiError(423, `账号已锁定，请 ${minutes} 分钟后再试`, 423), {
      retryAfterSeconds: minutes * 60,
    });
  }
  const passwordOk = await passwordMatches(row.password_hash, body.password);
  let totpOk = true;
  let totpStep: number | undefined;
  if (passwordOk && row.totp_secret) {
    if (!body.totp) throw new ApiError(401, '请输入动态验证码', 401);
    const secret = config.dataKey.open(row.totp_secret, totpContext(row.id));
    const epoch = Math.floor(now.getTime() / 1000);
    const { verify: verifyTotp } = await otp();
    const result = await verifyTotp({ secret, token: body.totp, epoch, epochTolerance: 30 });
    // A code is good once: the 30-second step it matched must be later than the last one used.
    const lastStep = row.totp_last_step === null ? -1 : Number(row.totp_last_step);
    const step = result.valid ? Math.floor(epoch / 30) + result.delta : -1;
    totpOk = result.valid && step > lastStep;
    if (totpOk) totpStep = step;
  }
  if (!passwordOk || !totpOk) {
    const failures = row.failed_logins + 1;
    const lock = failures >= config.admin.lockAfter;
    await db
      .updateTable('staff')
      .set({
        failed_logins: lock ? 0 : failures,
        ...(lock
          ? { locked_until: new Date(now.getTime() + config.admin.lockMinutes * 60_000) }
          : {}),
      })
      .where('id', '=', row.id)
      .execute();
    if (lock)
      await appendAudit(
        db,
        { id: row.id, login: row.login, ip, via: 'console' },
        {
          action: 'staff.lock',
          targetType: 'staff',
          targetId: row.id,
          reason: `${failures} 次登录失败`,
        },
        now,
      );
    throw unauthorized(passwordOk ? '动态验证码错误' : LOGIN_FAILED);
  }
  if (row.disabled_at) throw new ApiError(403, '账号已停用', 403);

  const token = randomBytes(32).toString('base64url');
  const csrfToken = csrfTokenOf(token);
  const expiresAt = new Date(now.getTime() + ABSOLUTE_SECONDS * 1000);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set({
        failed_logins: 0,
        locked_until: null,
        ...(totpStep === undefined ? {} : { totp_last_step: totpStep }),
      })
      .where('id', '=', row.id)
      .execute();
    await trx
      .insertInto('staff_sessions')
      .values({
        staff_id: row.id,
        token_hash: sha256(token),
        csrf_hash: sha256(csrfToken),
        ip,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
      })
      .execute();
    await appendAudit(
      trx,
      { id: row.id, login: row.login, ip, via: 'console' },
      { action: 'staff.login', targetType: 'staff', targetId: row.id },
      now,
    );
  });
  return { token, reply: newSessionReply(row, csrfToken, expiresAt) };
}

/**
 * The live session a cookie token names, touched (its idle clock restarts); 401 when there is
 * none, it ended, idled out, passed 12 hours, or its account was disabled.
 */
export async function sessionOf(deps: AppDeps, token: string): Promise<StaffSession> {
  const now = deps.now();
  const found = await deps.db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .selectAll('staff')
    .select([
      'staff_sessions.id as session_id',
      'staff_sessions.csrf_hash',
      'staff_sessions.last_seen_at',
      'staff_sessions.expires_at',
      'staff_sessions.revoked_at',
    ])
    .where('staff_sessions.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!found || found.revoked_at || found.disabled_at) throw unauthorized('登录已失效，请重新登录');
  const idle = now.getTime() - found.last_seen_at.getTime() > IDLE_SECONDS * 1000;
  if (idle || now >= found.expires_at) {
    await deps.db
      .updateTable('staff_sessions')
      .set({ revoked_at: now, revoked_reason: 'expired' })
      .where('id', '=', found.session_id)
      .where('revoked_at', 'is', null)
      .execute();
    throw unauthorized('登录已过期，请重新登录');
  }
  await deps.db
    .updateTable('staff_sessions')
    .set({ last_seen_at: now })
    .where('id', '=', found.session_id)
    .execute();
  const { session_id, csrf_hash, last_seen_at, expires_at, revoked_at, ...staff } = found;
  void last_seen_at;
  void expires_at;
  void revoked_at;
  return { staff, sessionId: session_id, csrfHash: csrf_hash };
}

/** Whether the header carries this session's CSRF token. */
export function csrfMatches(session: StaffSession, header: unknown): boolean {
  if (typeof header !== 'string' || header.length === 0 || header.length > 200) return false;
  const given = Buffer.from(sha256(header), 'hex');
  return timingSafeEqual(given, Buffer.from(session.csrfHash, 'hex'));
}

/** The signed-in session again (a reloaded console), with its CSRF token. */
export async function sessionReply(deps: AppDeps, session: StaffSession, token: string) {
  const row = await deps.db
    .selectFrom('staff_sessions')
    .select('expires_at')
    .where('id', '=', session.sessionId)
    .executeTakeFirstOrThrow();
  return newSessionReply(session.staff, csrfTokenOf(token), row.expires_at);
}

export async function logoutStaff(deps: AppDeps, actor: StaffActor, session: StaffSession) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_sessions')
      .set({ revoked_at: now, revoked_reason: 'logout' })
      .where('id', '=', session.sessionId)
      .execute();
    await appendAudit(
      trx,
      actor,
      { action: 'staff.logout', targetType: 'staff', targetId: actor.id },
      now,
    );
  });
}

/** Changes the signed-in account's password; its other sessions end. */
export async function changePassword(
  deps: AppDeps,
  actor: StaffActor,
  session: StaffSession,
  currentPassword: string,
  newPassword: string,
) {
  if (!(await passwordMatches(session.staff.password_hash, currentPassword)))
    throw new ApiError(400, '当前密码不正确');
  if (currentPassword === newPassword) throw new ApiError(400, '新密码不能与当前密码相同');
  const now = deps.now();
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set({
        password_hash: passwordHash,
        must_change_password: false,
        demo: false,
        updated_at: now,
      })
      .where('id', '=', actor.id)
      .execute();
    await trx
      .updateTable('staff_sessions')
      .set({ revoked_at: now, revoked_reason: 'password_changed' })
      .where('staff_id', '=', actor.id)
      .where('id', '!=', session.sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await appendAudit(
      trx,
      actor,
      { action: 'staff.password', targetType: 'staff', targetId: actor.id },
      now,
    );
  });
}

/** Production refuses to start while the development demo owner (a known password) is enabled. */
export async function enabledDemoAccounts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('staff')
    .select('login')
    .where('demo', '=', true)
    .where('disabled_at', 'is', null)
    .execute();
  return rows.map((row) => row.login);
}
