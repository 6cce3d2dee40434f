/**
 * Fixtures for the verification tests: valid test identities, a PNG with an identity encoded for
 * the sandbox OCR, uploads, a full verification, and an order waiting for its contract (written
 * straight to the database, so these tests do not depend on the order routes' placement rules).
 */
import type { Insertable } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import type { OrderSnapshot } from '../src/orders/schema.ts';
import '../src/orders/schema.ts';
import type { OrderStatus } from '../src/orders/machine.ts';
import { SandboxBankCard } from '../src/providers/bank-card/sandbox.ts';
import { idCardCheckCharacter } from '../../contract/validation/idCard.ts';
import type { TestServer } from './helpers.ts';

/** A checksum-valid ID number: Beijing Dongcheng, born 1990-01-01, the given sequence (000–999). */
export function testIdNumber(sequence: number, birth = '19900101'): string {
  const first17 = `110101${birth}${String(sequence).padStart(3, '0')}`;
  return `${first17}${idCardCheckCharacter(first17)}`;
}

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export async function upload(
  server: TestServer,
  token: string,
  bytes: Buffer,
  fileName: string,
  platform = 1,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), fileName);
  const reply = await server.request<{ id: string }>('POST', '/api/client/put-file', {
    token,
    platform,
    body: form,
  });
  if (reply.body.code !== 200) throw new Error(`upload failed: ${JSON.stringify(reply.body)}`);
  return reply.body.data.id;
}

export async function userIdOf(server: TestServer, token: string): Promise<number> {
  const info = await server.request<{ id: number }>('GET', '/api/user/info', { token });
  return info.body.data.id;
}

/** Passes real name (sequence ≥ 333 passes credit), a face session, contact and a bank card. */
export async function verifyFully(
  server: TestServer,
  token: string,
  opts: { name: string; idNo: string; cardNo?: string; contactMobile?: string },
): Promise<void> {
  await agreeToAll(server, token);
  const submit = await server.request('POST', '/api/user/auth/submit', {
    token,
    body: { name: opts.name, idNo: opts.idNo },
  });
  if (submit.body.code !== 200) throw new Error(`auth/submit: ${JSON.stringify(submit.body)}`);
  const face = await server.request<{ certifyId: string }>('POST', '/api/client/auth/face', {
    token,
  });
  const photo = await upload(server, token, PNG, 'selfie.png');
  await server.request('POST', '/api/client/face/put', {
    token,
    body: { certifyId: face.body.data.certifyId, fileId: photo },
  });
  await waitFor(async () => {
    const result = await server.request<{ status: string }>('POST', '/api/client/face/result', {
      token,
      body: { certifyId: face.body.data.certifyId },
    });
    return result.body.data.status === 'passed';
  });
  await server.request('POST', '/api/client/link/submit', {
    token,
    body: { name: '联系人', mobile: opts.contactMobile ?? '13912345678', relation: '朋友' },
  });
  await bindCard(server, token, opts.cardNo ?? '6222021234567890128', '13700001111');
}

export async function bindCard(
  server: TestServer,
  token: string,
  cardNo: string,
  mobile: string,
): Promise<{ id: number; cardNoMasked: string }> {
  const pre = await server.request<{ bindId: string }>('POST', '/api/user/bindCardPreOrder', {
    token,
    body: { cardNo, mobile },
  });
  if (pre.body.code !== 200) throw new Error(`bindCardPreOrder: ${JSON.stringify(pre.body)}`);
  const code = sandboxBank(server).lastCode(mobile);
  const verified = await server.request('POST', '/api/user/verifyBindCard', {
    token,
    body: { bindId: pre.body.data.bindId, code },
  });
  if (verified.body.code !== 200)
    throw new Error(`verifyBindCard: ${JSON.stringify(verified.body)}`);
  const bound = await server.request<{ id: number; cardNoMasked: string }>(
    'POST',
    '/api/user/bindBindCard',
    { token, body: { bindId: pre.body.data.bindId } },
  );
  if (bound.body.code !== 200) throw new Error(`bindBindCard: ${JSON.stringify(bound.body)}`);
  return bound.body.data;
}

export function sandboxBank(server: TestServer): SandboxBankCard {
  const bank = server.app.deps.providers.bankCard;
  if (!(bank instanceof SandboxBankCard)) throw new Error('not the sandbox bank');
  return bank;
}

/** Polls until `check` holds (the sandboxes answer asynchronously); fails after ~2 s. */
export async function waitFor(check: () => Promise<boolean>, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not reached');
}

export interface OrderFixture {
  status?: OrderStatus;
  platform?: number;
  depositMethod?: 'freeze' | 'card' | 'paid' | 'waived';
  address?: Partial<OrderSnapshot['address']>;
}

/** An order for the user with its bills, as placement would leave it (default PENDING_SIGN). */
export async function insertOrder(
  server: TestServer,
  userId: number,
  fixture: OrderFixture = {},
): Promise<number> {
  const { db } = server;
  const plan = await db
    .selectFrom('goods_plan')
    .innerJoin('goods', 'goods.id', 'goods_plan.goods_id')
    .innerJoin('goods_sku', 'goods_sku.id', 'goods_plan.sku_id')
    .select([
      'goods.id as goods_id',
      'goods.name',
      'goods.cover',
      'goods.brand_name',
      'goods.market_price',
      'goods_sku.id as sku_id',
      'goods_sku.color',
      'goods_sku.capacity',
      'goods_sku.condition',
      'goods_sku.price',
      'goods_plan.id as plan_id',
      'goods_plan.term_unit',
      'goods_plan.term',
      'goods_plan.rent_per_period',
      'goods_plan.first_payment',
      'goods_plan.deposit',
      'goods_plan.buyout_prices',
    ])
    .where('goods_plan.term_unit', '=', 'month')
    .orderBy('goods_plan.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const snapshot: OrderSnapshot = {
    goods: {
      id: plan.goods_id,
      name: plan.name,
      cover: plan.cover,
      brandName: plan.brand_name,
      marketPrice: plan.market_price,
    },
    sku: {
      id: plan.sku_id,
      color: plan.color,
      capacity: plan.capacity,
      condition: plan.condition,
      price: plan.price,
    },
    plan: {
      id: plan.plan_id,
      termUnit: plan.term_unit,
      term: plan.term,
      rentPerPeriod: plan.rent_per_period,
      firstPayment: plan.first_payment,
      deposit: plan.deposit,
      buyoutPrices: plan.buyout_prices,
    },
    services: [],
    address: {
      name: '收货人',
      mobile: '13600001111',
      province: '北京市',
      city: '北京市',
      district: '海淀区',
      detail: '中关村大街 1 号',
      ...fixture.address,
    },
  };
  const order: Insertable<Database['orders']> = {
    user_id: userId,
    platform: fixture.platform ?? 1,
    status: fixture.status ?? 'PENDING_SIGN',
    goods_id: plan.goods_id,
    sku_id: plan.sku_id,
    plan_id: plan.plan_id,
    snapshot: JSON.stringify(snapshot),
    term_unit: plan.term_unit,
    term: plan.term,
    rent_per_period: plan.rent_per_period,
    deposit_method: fixture.depositMethod ?? 'freeze',
    deposit: plan.deposit,
  };
  const { id } = await db
    .insertInto('orders')
    .values(order)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('bills')
    .values(
      Array.from({ length: plan.term }, (_, index) => ({
        order_id: id,
        user_id: userId,
        kind: index === 0 ? ('FIRST' as const) : ('INSTALMENT' as const),
        period: index + 1,
        due_date: `2027-${String((index % 12) + 1).padStart(2, '0')}-15`,
        original: index === 0 ? plan.first_payment : plan.rent_per_period,
      })),
    )
    .execute();
  return id;
}

/** Agrees, on the given brand, to the current version of every consent (what the app asks). */
export async function agreeToAll(server: TestServer, token: string, platform = 1): Promise<void> {
  const states = await server.request<{ kind: string; currentVersion: string }[]>(
    'GET',
    '/api/privacy/consents',
    { token, platform },
  );
  const agreed = await server.request('POST', '/api/privacy/consents', {
    token,
    platform,
    body: {
      channel: 'h5',
      consents: states.body.data.map(({ kind, currentVersion }) => ({
        kind,
        version: currentVersion,
      })),
    },
  });
  if (agreed.body.code !== 200) throw new Error(`consents: ${JSON.stringify(agreed.body)}`);
}

/** Logs in and agrees to every consent, as a user who went through the app's prompts. */
export async function loginAgreed(
  server: TestServer,
  mobile: string,
  platform = 1,
): Promise<string> {
  const token = await server.loginAs(mobile, platform);
  await agreeToAll(server, token, platform);
  return token;
}

/**
 * A logged-in renter with a renting order whose period-2 bill is the only one unpaid (the bill
 * reminders' subject); its due day as 'YYYY-MM-DD'.
 */
export async function renterOwingOneBill(server: TestServer, mobile: string) {
  const token = await server.loginAs(mobile);
  const userId = await userIdOf(server, token);
  const orderId = await insertOrder(server, userId, { status: 'RENTING' });
  await server.db
    .updateTable('bills')
    .set((eb) => ({ status: 'paid', paid: eb.ref('original') }))
    .where('order_id', '=', orderId)
    .where('period', '!=', 2)
    .execute();
  const bill = await server.db
    .selectFrom('bills')
    .select(['id', 'due_date', 'original'])
    .where('order_id', '=', orderId)
    .where('period', '=', 2)
    .executeTakeFirstOrThrow();
  const due = bill.due_date.toISOString().slice(0, 10);
  return { token, userId, orderId, billId: bill.id, due, owed: bill.original };
}
