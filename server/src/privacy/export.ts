/**
 * The export of a user's personal data (PIPL art. 45: the right to access and copy), as one JSON
 * document: every brand's rows, each with its brand, since the account is the person's on all
 * of them. Secrets that are not the user's data are left out (token hashes, the keyed ID and card
 * hashes, the provider's withholding token); the ID number is only ever stored masked.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { unauthorized } from '../plugins/errors.ts';
import { STATUS_TEXT } from '../orders/machine.ts';
import '../kyc/schema.ts';
import '../orders/schema.ts';
import './schema.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** The account's own rows: bindings, consents, addresses, contact, identity, checks, cards. */
async function readProfileRows(db: Kysely<Database>, userId: number) {
  const [openIds, consents, addresses, contact, identity, verifications, credit, faces, cards] =
    await Promise.all([
      db
        .selectFrom('user_open_ids')
        .select(['platform', 'provider', 'created_at'])
        .where('user_id', '=', userId)
        .execute(),
      db.selectFrom('consents').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db
        .selectFrom('emergency_contacts')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      db.selectFrom('identities').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('identity_verifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('platform')
        .execute(),
      db
        .selectFrom('credit_scores')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('platform')
        .execute(),
      db
        .selectFrom('face_sessions')
        .select(['platform', 'status', 'reason', 'created_at', 'finished_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    ]);
  return { openIds, consents, addresses, contact, identity, verifications, credit, faces, cards };
}

/** What the user did: orders, bills, payments, coupons, feedback and uploads. */
async function readActivityRows(db: Kysely<Database>, userId: number) {
  const [orders, bills, payments, coupons, complaints, uploads] = await Promise.all([
    db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('bills').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('user_coupons')
      .innerJoin('coupons', 'coupons.id', 'user_coupons.coupon_id')
      .select([
        'user_coupons.platform',
        'coupons.title',
        'coupons.amount',
        'user_coupons.status',
        'user_coupons.claimed_at',
        'user_coupons.expires_at',
        'user_coupons.used_at',
      ])
      .where('user_coupons.user_id', '=', userId)
      .orderBy('user_coupons.id')
      .execute(),
    db.selectFrom('complaints').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('uploads')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ]);
  return { orders, bills, payments, coupons, complaints, uploads };
}

type User = Selectable<Database['users']>;

function profileSection(
  user: User,
  {
    openIds,
    consents,
    addresses,
    contact,
    identity,
    verifications,
    credit,
    faces,
    cards,
  }: Awaited<ReturnType<typeof readProfileRows>>,
) {
  return {
    account: {
      id: user.id,
      mobile: user.mobile,
      nickname: user.nickname,
      avatar: user.avatar,
      alipayBound: user.alipay_user_id !== null,
      channelCode: user.channel_code,
      createdAt: iso(user.created_at),
    },
    miniProgramBindings: openIds.map((row) => ({
      platform: row.platform,
      provider: row.provider,
      boundAt: iso(row.created_at),
    })),
    consents: consents.map((row) => ({
      platform: row.platform,
      kind: row.kind,
      policyVersion: row.policy_version,
      channel: row.channel,
      ip: row.ip,
      grantedAt: iso(row.granted_at),
      withdrawnAt: iso(row.withdrawn_at),
    })),
    addresses: addresses.map((row) => ({
      platform: row.platform,
      name: row.name,
      mobile: row.mobile,
      province: row.province,
      city: row.city,
      district: row.district,
      detail: row.detail,
      isDefault: row.is_default,
    })),
    emergencyContact: contact
      ? { name: contact.name, mobile: contact.mobile, relation: contact.relation }
      : null,
    identity: identity
      ? {
          name: identity.name,
          idNoMasked: identity.id_masked,
          gender: identity.gender,
          birthDate: day(identity.birth_date),
          source: identity.source,
          firstVerifiedAt: iso(identity.created_at),
        }
      : null,
    // Each brand verifies the identity, and asks the credit bureau, on its own.
    identityVerifications: verifications.map((row) => ({
      platform: row.platform,
      source: row.source,
      verifiedAt: iso(row.created_at),
    })),
    creditScores: credit.map((row) => ({
      platform: row.platform,
      provider: row.provider,
      score: row.score,
      passed: row.passed,
      at: iso(row.created_at),
    })),
    faceVerifications: faces.map((row) => ({
      platform: row.platform,
      status: row.status,
      reason: row.reason,
      startedAt: iso(row.created_at),
      finishedAt: iso(row.finished_at),
    })),
    bankCards: cards.map((row) => ({
      bankName: row.bank_name,
      cardType: row.card_type,
      cardNoMasked: `${row.first6}******${row.last4}`,
      reservedMobile: row.reserved_mobile,
      boundAt: iso(row.created_at),
    })),
  };
}

function activitySection({
  orders,
  bills,
  payments,
  coupons,
  complaints,
  uploads,
}: Awaited<ReturnType<typeof readActivityRows>>) {
  return {
    orders: orders.map((row) => ({
      id: row.id,
      platform: row.platform,
      status: row.status,
      statusText: STATUS_TEXT[row.status],
      goods: row.snapshot.goods.name,
      plan: row.snapshot.plan,
      deliveryAddress: row.snapshot.address,
      deposit: row.deposit,
      depositMethod: row.deposit_method,
      startDate: day(row.start_date),
      endDate: day(row.end_date),
      createdAt: iso(row.created_at),
    })),
    bills: bills.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      kind: row.kind,
      period: row.period,
      dueDate: day(row.due_date),
      original: row.original,
      discount: row.discount,
      overdueFee: row.overdue_fee,
      paid: row.paid,
      status: row.status,
      paidAt: iso(row.paid_at),
    })),
    payments: payments.map((row) => ({
      outTradeNo: row.out_trade_no,
      orderId: row.order_id,
      channel: row.channel,
      amount: row.amount,
      status: row.status,
      createdAt: iso(row.created_at),
      finishedAt: iso(row.finished_at),
    })),
    coupons: coupons.map((row) => ({
      platform: row.platform,
      title: row.title,
      amount: row.amount,
      status: row.status,
      claimedAt: iso(row.claimed_at),
      expiresAt: iso(row.expires_at),
      usedAt: iso(row.used_at),
    })),
    feedback: complaints.map((row) => ({
      platform: row.platform,
      type: row.type,
      content: row.content,
      contactMobile: row.contact_mobile,
      createdAt: iso(row.created_at),
    })),
    uploads: uploads.map((row) => ({
      id: row.id,
      name: row.original_name,
      mime: row.mime,
      size: row.size,
      uploadedAt: iso(row.created_at),
    })),
  };
}

export async function exportPersonalData(
  db: Kysely<Database>,
  userId: number,
  now: Date,
): Promise<Record<string, unknown>> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw unauthorized();
  const [profile, activity] = await Promise.all([
    readProfileRows(db, userId),
    readActivityRows(db, userId),
  ]);
  return {
    exportedAt: now.toISOString(),
    note: '金额单位为分；身份证号仅以脱敏形式保存。',
    ...profileSection(user, profile),
    ...activitySection(activity),
  };
}
