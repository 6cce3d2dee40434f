/**
 * The audit log: one append-only row per state-changing console, ops or admin-CLI action (who,
 * when, from where, which brand, what, on what, why, a before/after summary). Written in the
 * transaction of the change it records. There is no code path that updates or deletes a row, and
 * the database refuses it too (trigger in 0020_staff_audit.sql).
 */
import type { Kysely, Transaction } from 'kysely';
import type { ListAuditQuery, StaffRole } from '../../../contract/admin/index.ts';
import type { Database } from '../db/schema.ts';
import type { AuditVia } from './schema.ts';

/** Who acts: a staff account through the console, an ops credential, or the admin CLI. */
export interface StaffActor {
  id: number;
  login: string;
  role: StaffRole;
  allBrands: boolean;
  brands: number[];
  ip: string | null;
  via: AuditVia;
}

export interface AuditEntry {
  platform?: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function appendAudit(
  db: Kysely<Database> | Transaction<Database>,
  /** `id` null: the admin CLI, run by whoever holds the server's database. */
  actor: Pick<StaffActor, 'login' | 'ip' | 'via'> & { id: number | null },
  entry: AuditEntry,
  at: Date,
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      staff_id: actor.id,
      staff_login: actor.login,
      at,
      ip: actor.ip,
      via: actor.via,
      platform: entry.platform ?? null,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId === undefined ? null : String(entry.targetId),
      reason: entry.reason ?? null,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .execute();
}

/** A page of the log, newest first; an account limited to some brands sees only theirs. */
export async function listAuditEvents(
  db: Kysely<Database>,
  actor: StaffActor,
  query: ListAuditQuery,
) {
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? 20;
  let base = db.selectFrom('audit_events');
  if (!actor.allBrands) base = base.where('platform', 'in', actor.brands);
  if (query.action) base = base.where('action', '=', query.action);
  if (query.staffId) base = base.where('staff_id', '=', query.staffId);
  if (query.targetType) base = base.where('target_type', '=', query.targetType);
  if (query.targetId) base = base.where('target_id', '=', query.targetId);
  if (query.platform) base = base.where('platform', '=', query.platform);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      staffId: row.staff_id,
      staffLogin: row.staff_login,
      at: row.at.toISOString(),
      ip: row.ip,
      via: row.via,
      platform: row.platform,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      reason: row.reason,
      before: row.before,
      after: row.after,
    })),
    total: Number(total),
    pageNum,
    pageSize,
  };
}
