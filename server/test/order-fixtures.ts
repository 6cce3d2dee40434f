/**
 * What the order, payment and ops tests share: a logged-in user with an address, a plan from the
 * seeded catalogue, the verification rows the verification engineer's routes would write, the
 * contract signature, an ops credential, and waiting for the sandbox's notifications.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { addOpsCredential } from '../src/ops/credentials.ts';
import { applyOrderAction } from '../src/orders/apply-action.ts';
import type { GatewayName } from '../src/payments/gateway.ts';
import { SandboxGateway } from '../src/payments/sandbox.ts';
import { startTestServer, type TestServer } from './helpers.ts';

export interface Shopper {
  token: string;
  userId: number;
  addressId: number;
  mobile: string;
}

let mobileSeq = 0;
/** A fresh mobile per call so tests in one file never share a user. */
export function nextMobile(): string {
  mobileSeq++;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(mobileSeq).padStart(4, '0')}`;
}

export async function newShopper(server: TestServer, platform = 1): Promise<Shopper> {
  const mobile = nextMobile();
  const token = await server.loginAs(mobile, platform);
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .executeTakeFirstOrThrow();
  const address = await server.request<{ id: number }>('POST', '/api/user/userAddress', {
    token,
    platform,
    body: {
      name: '张三',
      mobile,
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 1 号',
      isDefault: true,
    },
  });
  if (address.body.code !== 200) throw new Error(`address: ${JSON.stringify(address.body)}`);
  return { token, userId: user.id, addressId: address.body.data.id, mobile };
}

/** A month plan (several periods) and a day plan from the seed. */
export async function plans(server: TestServer) {
  const month = await server.db
    .selectFrom('goods_plan')
    .select(['id', 'goods_id', 'sku_id', 'term', 'rent_per_period', 'first_payment', 'deposit'])
    .where('term_unit', '=', 'month')
    .where('term', '>=', 3)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const day = await server.db
    .selectFrom('goods_plan')
    .select(['id', 'goods_id', 'sku_id', 'term', 'rent_per_period', 'first_payment', 'deposit'])
    .where('term_unit', '=', 'day')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { month, day };
}

export type Plan = Awaited<ReturnType<typeof plans>>['month'];

/** A test server with the seeded month plan and an ops credential: where the order tests start. */
export async function orderTestServer(
  env: Record<string, string> = {},
): Promise<{ server: TestServer; month: Plan }> {
  const server = await startTestServer({ env });
  const { month, day } = await plans(server);
  // The seed has a few units per SKU; these tests place many orders on the same plans.
  await restock(server, [month.sku_id, day.sku_id]);
  await enableOps(server);
  return { server, month };
}

/** Plenty of stock for the SKUs a test rents again and again. */
export async function restock(server: TestServer, skuIds: number[], units = 100_000) {
  await server.db
    .updateTable('goods_sku')
    .set({ stock: units })
    .where('id', 'in', skuIds)
    .execute();
}

export const placeBody = (
  plan: { id: number; goods_id: number; sku_id: number },
  shopper: Shopper,
  extra: Record<string, unknown> = {},
) => ({
  goodsId: plan.goods_id,
  skuId: plan.sku_id,
  planId: plan.id,
  addressId: shopper.addressId,
  ...extra,
});

/**
 * Marks the user verified with a brand (1 unless given) the way the verification routes leave it
 * (identity, the brand's verification, a passed face session and a passing credit score of its
 * own, an emergency contact, optionally a bank card).
 */
export async function verifyUser(
  server: TestServer,
  userId: number,
  options: { card?: boolean; platform?: number } = {},
) {
  const db = server.db;
  const platform = options.platform ?? 1;
  const salt = randomBytes(6).toString('hex');
  await db
    .insertInto('identities')
    .values({
      user_id: userId,
      name: '张三',
      id_hash: `h${salt}`,
      id_masked: '1101**********002X',
      gender: 'M',
      birth_date: '1990-01-01',
      source: 'manual',
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  await db
    .insertInto('identity_verifications')
    .values({ user_id: userId, platform, source: 'manual' })
    .onConflict((oc) => oc.columns(['user_id', 'platform']).doNothing())
    .execute();
  await db
    .insertInto('face_sessions')
    .values({
      user_id: userId,
      platform,
      certify_id: `c${salt}`,
      status: 'passed',
      finished_at: new Date(),
    })
    .execute();
  await db
    .insertInto('credit_scores')
    .values({ user_id: userId, platform, provider: 'sandbox', score: 720, passed: true })
    .onConflict((oc) => oc.columns(['user_id', 'platform']).doNothing())
    .execute();
  await db
    .insertInto('emergency_contacts')
    .values({ user_id: userId, name: '李四', mobile: '13700000000', relation: '朋友' })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  if (options.card) {
    await db
      .insertInto('bank_cards')
      .values({
        user_id: userId,
        card_hash: `k${salt}`,
        first6: '622202',
        last4: '1234',
        bank_code: 'ICBC',
        bank_name: '工商银行',
        card_type: 'DC',
        provider_token: `agr${salt}`,
        reserved_mobile: '137****0000',
      })
      .execute();
  }
}

/** The contract signed (what the e-sign flow does through the state machine). */
export async function signOrder(server: TestServer, orderId: number) {
  await server.db.transaction().execute((trx) =>
    applyOrderAction(trx, orderId, 'sign', {
      actor: 'user',
      now: new Date(),
      note: '合同已签署',
    }),
  );
}

/**
 * An order placed on `plan`, its user verified (with a bank card when `card`), confirmed and
 * signed: PENDING_FREEZE for a freeze deposit, else PENDING_PAY.
 */
export async function signedOrder(
  server: TestServer,
  plan: Plan,
  shopper: Shopper,
  options: { extra?: Record<string, unknown>; card?: boolean } = {},
): Promise<number> {
  const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
    token: shopper.token,
    body: placeBody(plan, shopper, options.extra),
  });
  assert.equal(placed.body.code, 200, JSON.stringify(placed.body));
  const id = placed.body.data.id;
  await verifyUser(server, shopper.userId, { card: options.card });
  const confirmed = await server.request('POST', '/api/order/confirm', {
    token: shopper.token,
    body: { orderId: id },
  });
  assert.equal(confirmed.body.code, 200, JSON.stringify(confirmed.body));
  await signOrder(server, id);
  return id;
}

/** A signed order's deposit frozen (when it waits for that) and its first payment paid. */
export async function payFirst(server: TestServer, shopper: Shopper, orderId: number) {
  if ((await orderStatus(server, orderId)) === 'PENDING_FREEZE') {
    await server.request('POST', '/api/order/refreeze', {
      token: shopper.token,
      body: { orderId },
    });
    await settle(server);
  }
  const pay = await server.request<{ outTradeNo: string }>('POST', '/api/order/pay', {
    token: shopper.token,
    body: { orderId },
  });
  assert.equal(pay.body.code, 200, JSON.stringify(pay.body));
  await payAtCashier(server, pay.body.data.outTradeNo);
}

/** An order placed, verified, confirmed, signed, its deposit frozen if it waits for that, and its first payment paid: PENDING_REVIEW. */
export async function paidOrder(
  server: TestServer,
  plan: Plan,
  shopper: Shopper,
  options: { extra?: Record<string, unknown>; card?: boolean } = {},
): Promise<number> {
  const id = await signedOrder(server, plan, shopper, options);
  await payFirst(server, shopper, id);
  return id;
}

export const OPS_TOKEN = 'ops-test-token-0123456789';
export async function enableOps(server: TestServer) {
  await addOpsCredential(server.db, 'test', OPS_TOKEN);
}

export async function ops(server: TestServer, method: string, url: string, body?: unknown) {
  return server.request<Record<string, unknown>>(method, url, {
    body,
    platform: null,
    headers: { 'x-client-authorization': undefined, 'x-ops-token': OPS_TOKEN },
  });
}

/** The sandbox gateways of a test server (their test-only helpers: charges, failNext …). */
export function sandboxes(server: TestServer, platform = 1): Record<GatewayName, SandboxGateway> {
  const { alipay, wechat, card } = server.app.deps.providers.payments.forBrand(platform);
  if (
    !(alipay instanceof SandboxGateway) ||
    !(wechat instanceof SandboxGateway) ||
    !(card instanceof SandboxGateway)
  )
    throw new Error('the test server runs live payment gateways');
  return { alipay, wechat, card };
}

/** Runs every job that is due (notifications, provider calls) until none is left. */
export const settle = (server: TestServer) => server.app.deps.jobs.drain();

/** The signed cashier path of a payment, as the pay call hands it to the user. */
export function cashierPath(
  server: TestServer,
  outTradeNo: string,
  channel: GatewayName = 'alipay',
) {
  return `/pay/cashier/${outTradeNo}?sig=${sandboxes(server)[channel].cashierSignature(outTradeNo)}`;
}

/** Pays a payment at the sandbox cashier as the user would, and waits for the notification. */
export async function payAtCashier(
  server: TestServer,
  outTradeNo: string,
  outcome: 'pay' | 'fail' | 'cancel' = 'pay',
) {
  const channel = (
    await server.db
      .selectFrom('payments')
      .select('channel')
      .where('out_trade_no', '=', outTradeNo)
      .executeTakeFirst()
  )?.channel;
  const gateway = channel === 'wechat' || channel === 'card' ? channel : 'alipay';
  const sig = sandboxes(server)[gateway].cashierSignature(outTradeNo);
  const response = await fetch(
    `${server.baseUrl}/pay/cashier/${outTradeNo}/${outcome}?sig=${sig}`,
    { method: 'POST', redirect: 'manual' },
  );
  await settle(server);
  return response;
}

export async function orderStatus(server: TestServer, orderId: number): Promise<string> {
  const row = await server.db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/**
 * A return before the end of the term is an early return (issue 33): quote it, confirm it at
 * the quoted total and, with `pay`, pay its fee bill at the cashier. The order is then in its
 * return sub-process and the waybill may follow. Returns the quoted total.
 */
export async function agreeEarlyReturn(
  server: TestServer,
  shopper: Pick<Shopper, 'token'>,
  orderId: number,
  { pay = true, platform = 1 }: { pay?: boolean; platform?: number } = {},
): Promise<number> {
  const quote = await server.request<{ total: number }>(
    'GET',
    `/api/order/earlyReturnQuote/${orderId}`,
    { token: shopper.token, platform },
  );
  assert.equal(quote.body.code, 200, JSON.stringify(quote.body));
  const applied = await server.request('POST', '/api/order/apply/earlyReturn', {
    token: shopper.token,
    platform,
    body: { orderId, total: quote.body.data.total },
  });
  assert.equal(applied.body.code, 200, JSON.stringify(applied.body));
  if (pay) {
    const fee = await server.db
      .selectFrom('bills')
      .select('id')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'EARLY_RETURN')
      .where('status', '=', 'unpaid')
      .executeTakeFirst();
    if (fee) {
      const payment = await server.request<{ outTradeNo: string }>('POST', '/api/order/footPay', {
        token: shopper.token,
        platform,
        body: { orderId, billIds: [fee.id] },
      });
      assert.equal(payment.body.code, 200, JSON.stringify(payment.body));
      await payAtCashier(server, payment.body.data.outTradeNo);
    }
  }
  return quote.body.data.total;
}
