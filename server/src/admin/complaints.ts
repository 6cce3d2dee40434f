/**
 * The complaints and feedback queue: what customers sent from the storefront's feedback screen,
 * for the brands the account may see. A service account assigns it (to an account that handles
 * complaints for its brand), moves it through new → in progress → resolved and replies; each change
 * is audited in its transaction. The customer reads the reply in the storefront.
 */
import type { Kysely } from 'kysely';
import type {
  ComplaintStatus,
  ListComplaintsQuery,
  ReplyComplaintBody,
  UpdateComplaintBody,
} from '../../../contract/admin/complaints.ts';
import { can } from '../../../contract/admin/permissions.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { appendAudit, type StaffActor } from './audit.ts';

type Db = Kysely<Database>;

const maskMobile = (mobile: string | null) =>
  mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '';

function deskQuery(db: Db) {
  return db
    .selectFrom('complaints as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('staff as a', 'a.id', 'c.assignee_id')
    .leftJoin('staff as r', 'r.id', 'c.replied_by')
    .leftJoin('dictionary as d', (join) =>
      join.onRef('d.value', '=', 'c.type').on('d.dict_type', '=', 'complaint_type'),
    )
    .select([
      'c.id',
      'c.platform',
      'c.type',
      'd.label as type_label',
      'c.content',
      'u.mobile',
      'c.contact_mobile',
      'c.images',
      'c.status',
      'c.assignee_id',
      'a.login as assignee_login',
      'a.display_name as assignee_name',
      'c.reply',
      'r.login as replied_by',
      'c.replied_at',
      'c.created_at',
      'c.updated_at',
    ]);
}

type DeskRow = Awaited<ReturnType<ReturnType<typeof deskQuery>['executeTakeFirstOrThrow']>>;

function deskComplaintOf(row: DeskRow) {
  return {
    id: row.id,
    platform: row.platform,
    type: row.type,
    typeLabel: row.type_label ?? row.type,
    content: row.content,
    mobile: maskMobile(row.mobile),
    contactMobile: row.contact_mobile ? maskMobile(row.contact_mobile) : null,
    images: row.images.length,
    status: row.status,
    assignee:
      row.assignee_id !== null
        ? {
            id: row.assignee_id,
            login: row.assignee_login ?? '',
            displayName: row.assignee_name ?? '',
          }
        : null,
    reply: row.reply,
    repliedBy: row.replied_by,
    repliedAt: row.replied_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Active accounts that handle complaints (not the ops service account). */
async function handlers(db: Db) {
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'login', 'display_name', 'role', 'all_brands', 'brands'])
    .where('disabled_at', 'is', null)
    .where('service', '=', false)
    .orderBy('login')
    .execute();
  return rows.filter((row) => can(row.role, 'complaints.handle'));
}

const handlesBrand = (row: { all_brands: boolean; brands: number[] }, platform: number) =>
  row.all_brands || row.brands.map(Number).includes(platform);

export async function listDeskComplaints(db: Db, actor: StaffActor, query: ListComplaintsQuery) {
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? 20;
  let base = db.selectFrom('complaints as c');
  if (!actor.allBrands) base = base.where('c.platform', 'in', actor.brands);
  if (query.platform) base = base.where('c.platform', '=', query.platform);
  if (query.assigneeId !== undefined)
    base =
      query.assigneeId === 0
        ? base.where('c.assignee_id', 'is', null)
        : base.where('c.assignee_id', '=', query.assigneeId);
  const counted = await base
    .select(['c.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('c.status')
    .execute();
  const counts = { new: 0, in_progress: 0, resolved: 0 };
  for (const row of counted) counts[row.status] = Number(row.n);
  const ids = await (query.status ? base.where('c.status', '=', query.status) : base)
    .select('c.id')
    .orderBy('c.id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  const rows =
    ids.length === 0
      ? []
      : await deskQuery(db)
          .where(
            'c.id',
            'in',
            ids.map((row) => row.id),
          )
          .orderBy('c.id', 'desc')
          .execute();
  const total = query.status
    ? counts[query.status]
    : counts.new + counts.in_progress + counts.resolved;
  const mayAssign = (await handlers(db)).filter(
    (row) => actor.allBrands || actor.brands.some((brand) => handlesBrand(row, brand)),
  );
  return {
    list: rows.map(deskComplaintOf),
    total,
    pageNum,
    pageSize,
    counts,
    assignees: mayAssign.map((row) => ({
      id: row.id,
      login: row.login,
      displayName: row.display_name,
      allBrands: row.all_brands,
      brands: row.brands.map(Number),
    })),
  };
}

async function lockedComplaint(trx: Db, id: number) {
  const row = await trx
    .selectFrom('complaints')
    .select(['id', 'platform', 'status', 'assignee_id', 'reply'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('反馈不存在');
  return row;
}

async function viewOf(db: Db, id: number) {
  return deskComplaintOf(await deskQuery(db).where('c.id', '=', id).executeTakeFirstOrThrow());
}

/** Changes the state, the assignee, or both; nothing changes (and nothing is audited) on a repeat. */
export async function updateComplaint(
  deps: AppDeps,
  actor: StaffActor,
  id: number,
  body: UpdateComplaintBody,
) {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const current = await lockedComplaint(trx, id);
    if (body.assigneeId !== undefined && body.assigneeId !== null) {
      const assignee = (await handlers(trx)).find((row) => row.id === body.assigneeId);
      if (!assignee || !handlesBrand(assignee, current.platform))
        throw badRequest('该员工不处理此品牌的反馈，无法指派');
    }
    const next: { status: ComplaintStatus; assignee_id: number | null } = {
      status: body.status ?? current.status,
      assignee_id: body.assigneeId === undefined ? current.assignee_id : body.assigneeId,
    };
    if (next.status === current.status && next.assignee_id === current.assignee_id)
      return viewOf(trx, id);
    await trx
      .updateTable('complaints')
      .set({ ...next, updated_at: now })
      .where('id', '=', id)
      .execute();
    await appendAudit(
      trx,
      actor,
      {
        platform: current.platform,
        action: 'complaint.update',
        targetType: 'complaint',
        targetId: id,
        before: { status: current.status, assigneeId: current.assignee_id },
        after: { status: next.status, assigneeId: next.assignee_id },
      },
      now,
    );
    return viewOf(trx, id);
  });
}

/** Replies to the customer (a new reply replaces the last); a new complaint becomes in progress. */
export async function replyComplaint(
  deps: AppDeps,
  actor: StaffActor,
  id: number,
  body: ReplyComplaintBody,
) {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const current = await lockedComplaint(trx, id);
    const status: ComplaintStatus = body.resolve
      ? 'resolved'
      : current.status === 'new'
        ? 'in_progress'
        : current.status;
    await trx
      .updateTable('complaints')
      .set({ reply: body.reply, replied_by: actor.id, replied_at: now, status, updated_at: now })
      .where('id', '=', id)
      .execute();
    await appendAudit(
      trx,
      actor,
      {
        platform: current.platform,
        action: 'complaint.reply',
        targetType: 'complaint',
        targetId: id,
        before: { status: current.status, reply: current.reply },
        after: { status, reply: body.reply },
      },
      now,
    );
    return viewOf(trx, id);
  });
}

/** The brand of a complaint, for the guard (undefined: no such complaint). */
export async function brandOfComplaint(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('complaints')
    .select('platform')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.platform;
}
