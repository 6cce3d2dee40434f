// engines: postgres (provider protocol; the engine's SQL is checked by order-flow on both)
/**
 * WeChat Pay Score (微信支付分) deposit-free mode, end to end through the API: the real server with
 * WECHAT_PROVIDER=live against the local WeChat Pay (wechatpay-server.ts), which speaks the Pay
 * Score protocol with keys generated per run: every request's signature checked, answers and
 * notifications signed, notifications encrypted with the APIv3 key and retried, failures on
 * demand. A customer chooses 免押, confirms in WeChat (openBusinessView), pays rent monthly
 * with wx.requestPayment, returns: the service order is completed with nothing owed, or with the
 * damage, which Pay Score collects. Replays apply once; a bad signature changes nothing; Pay
 * Score's refusal keeps the deposit options. One pass (PostgreSQL): the protocol does not depend
 * on the engine.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { WechatPayGateway } from '../src/payments/wechatpay.ts';
import { onlyOn, type TestServer } from './helpers.ts';
import {
  agreeEarlyReturn,
  ops,
  orderStatus,
  orderTestServer,
  settle,
  signedOrder,
  type Plan,
  type Shopper,
} from './order-fixtures.ts';
import { FakeWechatApi } from './wechat-api-server.ts';
import {
  BASE_APP,
  BRAND2_APP,
  loggedInWechatShopper,
  MERCHANT_SERIAL,
  wechatLiveEnv,
  wechatTestKeys,
} from './wechat-fixtures.ts';
import { FakeWechatPay } from './wechatpay-server.ts';

const SERVICE_ID = '2002000000000558128851361561536';

interface PayReply {
  outTradeNo: string;
  amount: number;
  wechat?: {
    timeStamp: string;
    nonceStr: string;
    package: string;
    signType: string;
    paySign: string;
  };
}
interface FreezeReply {
  outRequestNo: string;
  amount: number;
  status: string;
  payScore?: { businessType: string; extraData: { package: string } };
}

describe('WeChat Pay Score live', { skip: onlyOn('postgres') }, () => {
  const keys = wechatTestKeys();
  const api = new FakeWechatApi();
  const pay = new FakeWechatPay(keys.platformPrivateKey, keys.platformPublicKeyId);
  let server: TestServer;
  let month: Plan;

  before(async () => {
    await api.start();
    await pay.start();
    for (const app of [BASE_APP, BRAND2_APP]) {
      api.addApp(app.appId, app.secret);
      pay.addMerchant({
        mchid: app.mchid,
        appId: app.appId,
        serialNo: MERCHANT_SERIAL,
        merchantPublicKey: keys.merchantPublicKey,
        apiV3Key: keys.apiV3Key,
        payScoreServiceIds: app === BASE_APP ? [SERVICE_ID] : [],
      });
    }
    ({ server, month } = await orderTestServer({
      ...wechatLiveEnv(keys, { api: api.baseUrl, pay: pay.baseUrl }),
      WECHAT_TIMEOUT_MS: '1500',
      // Brand 1 offers Pay Score; brand 2 does not.
      PAYSCORE_BRANDS: '1',
      WECHAT_PAYSCORE_SERVICE_ID_1: SERVICE_ID,
    }));
  });
  after(async () => {
    await pay.close();
    await api.close();
    await server?.close();
  });

  const wechatShopper = (platform = 1) => loggedInWechatShopper(server, api, platform);

  /** Notifications delivered and the jobs they queued run, twice over (jobs notify too). */
  async function quiet() {
    for (let round = 0; round < 3; round++) {
      await pay.settled();
      await settle(server);
    }
  }

  /** Failed jobs retried now rather than after their backoff. */
  async function retryNow() {
    await sql`update pgboss.job set start_after = now() where state = 'retry'`.execute(server.db);
    await server.app.deps.jobs.drain(['outbox']);
    await quiet();
  }

  const refreeze = (shopper: Shopper, orderId: number) =>
    server.request<FreezeReply>('POST', '/api/order/refreeze', {
      token: shopper.token,
      body: { orderId },
    });

  /** Pays bills with wx.requestPayment (the first payment when none are named). */
  async function payWithWechat(shopper: Shopper, orderId: number, billIds?: number[]) {
    const reply = await server.request<PayReply>(
      'POST',
      billIds ? '/api/order/stagePayOrderByWx' : '/api/order/pay2',
      { token: shopper.token, body: { orderId, ...(billIds ? { billIds } : {}) } },
    );
    assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
    assert.equal(pay.requestPayment(reply.body.data.wechat!), 'requestPayment:ok');
    await quiet();
    return reply.body.data;
  }

  const bills = (orderId: number) =>
    server.db
      .selectFrom('bills')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('due_date')
      .orderBy('id')
      .execute();

  /** Placed with 免押, signed, its service order created and confirmed in WeChat. */
  async function confirmedOrder(shopper: Shopper) {
    const orderId = await signedOrder(server, month, shopper, {
      extra: { depositMethod: 'payscore' },
    });
    assert.equal(await orderStatus(server, orderId), 'PENDING_FREEZE');
    const started = await refreeze(shopper, orderId);
    assert.equal(started.body.code, 200, JSON.stringify(started.body));
    const { payScore, outRequestNo, amount } = started.body.data;
    assert.equal(payScore?.businessType, 'wxpayScoreUse');
    const held = pay.serviceOrders.get(outRequestNo)!;
    // The deposit is the service order's risk fund, in the deposit-free (先免) mode.
    assert.deepEqual(held.risk_fund, { name: 'DEPOSIT', amount });
    assert.equal(amount, month.deposit);
    assert.equal(held.state, 'CREATED');
    assert.equal(held.service_id, SERVICE_ID);
    assert.equal(held.openid, (shopper as Shopper & { openId: string }).openId);
    assert.equal(await orderStatus(server, orderId), 'PENDING_FREEZE', 'nothing on our word');
    assert.equal(pay.openBusinessView(BASE_APP.appId, payScore!).errMsg, 'openBusinessView:ok');
    await quiet();
    assert.equal(await orderStatus(server, orderId), 'PENDING_PAY');
    return { orderId, outOrderNo: outRequestNo };
  }

  /** Confirmed, first bill paid, approved, shipped and received: renting. */
  async function rentingOrder(shopper: Shopper) {
    const confirmed = await confirmedOrder(shopper);
    await payWithWechat(shopper, confirmed.orderId);
    assert.equal(await orderStatus(server, confirmed.orderId), 'PENDING_REVIEW');
    await ops(server, 'POST', `/ops/orders/${confirmed.orderId}/approve`, {});
    await ops(server, 'POST', `/ops/orders/${confirmed.orderId}/ship`, { waybill: 'SF3910000001' });
    const received = await server.request('POST', '/api/order/confirmReceive', {
      token: shopper.token,
      body: { orderId: confirmed.orderId },
    });
    assert.equal(received.body.code, 200, JSON.stringify(received.body));
    assert.equal(await orderStatus(server, confirmed.orderId), 'RENTING');
    return confirmed;
  }

  /** An early return agreed and its fee paid with WeChat, shipped back and received. */
  async function returned(shopper: Shopper, orderId: number) {
    await agreeEarlyReturn(server, shopper, orderId, { pay: false });
    const fee = (await bills(orderId)).find((b) => b.kind === 'EARLY_RETURN');
    if (fee) await payWithWechat(shopper, orderId, [fee.id]);
    const shipped = await server.request('POST', '/api/order/confirm/return', {
      token: shopper.token,
      body: { orderId, expressCode: 'sf', waybill: 'SF3910000002' },
    });
    assert.equal(shipped.body.code, 200, JSON.stringify(shipped.body));
    await ops(server, 'POST', `/ops/orders/${orderId}/receive-return`, {});
  }

  test('offered on the brand that has it, to a WeChat user; not elsewhere', async () => {
    const shopper = await wechatShopper(1);
    const offer = await server.request<{ offered: boolean; refused: boolean }>(
      'GET',
      '/api/order/payScore',
      { token: shopper.token },
    );
    assert.deepEqual(offer.body.data, { offered: true, refused: false });
    const other = await wechatShopper(2);
    const elsewhere = await server.request<{ offered: boolean }>('GET', '/api/order/payScore', {
      token: other.token,
      platform: 2,
    });
    assert.equal(elsewhere.body.data.offered, false);
    const before = await server.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const placed = await server.request('POST', '/api/order/place', {
      token: other.token,
      platform: 2,
      body: {
        goodsId: month.goods_id,
        skuId: month.sku_id,
        planId: month.id,
        addressId: other.addressId,
        depositMethod: 'payscore',
      },
    });
    assert.equal(placed.status, 409);
    assert.match(placed.body.msg, /微信支付分免押/);
    const after = await server.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(after.n), Number(before.n), 'nothing written');
  });

  test('免押, confirmed in WeChat, rent paid monthly, returned clean: completed with nothing owed', async () => {
    const shopper = await wechatShopper();
    const { orderId, outOrderNo } = await rentingOrder(shopper);
    // The detail shows the deposit held by Pay Score, nothing frozen in money.
    const auth = await server.db
      .selectFrom('deposit_authorisations')
      .selectAll()
      .where('out_request_no', '=', outOrderNo)
      .executeTakeFirstOrThrow();
    assert.equal(auth.provider, 'payscore');
    assert.equal(auth.status, 'frozen');
    assert.equal(auth.auth_no, pay.serviceOrders.get(outOrderNo)!.order_id);
    // The second month's rent, paid with wx.requestPayment as every WeChat bill.
    const second = (await bills(orderId)).find((b) => b.kind === 'INSTALMENT')!;
    await payWithWechat(shopper, orderId, [second.id]);
    assert.equal((await bills(orderId)).find((b) => b.id === second.id)!.status, 'paid');

    await returned(shopper, orderId);
    // WeChat Pay fails the first completion: the outbox asks again.
    pay.failNext('/v3/payscore/serviceorder/', { status: 500, code: 'SYSTEM_ERROR' });
    const inspected = await ops(server, 'POST', `/ops/orders/${orderId}/inspect`, { damage: 0 });
    assert.equal(inspected.body.code, 200, JSON.stringify(inspected.body));
    await quiet();
    assert.equal(pay.serviceOrders.get(outOrderNo)!.state, 'DOING', 'the failed call did nothing');
    await retryNow();
    const held = pay.serviceOrders.get(outOrderNo)!;
    assert.equal(held.state, 'DONE');
    assert.equal(held.total_amount, 0);
    const completion = held.history.find((h) => h.action === 'complete')!;
    assert.deepEqual(completion.body.post_payments, []);
    assert.equal(completion.body.total_amount, 0);
    assert.equal(await orderStatus(server, orderId), 'COMPLETED');
    assert.equal(pay.badSignatures, 0);
  });

  test('a second order returned damaged: completed with the damage, collected by Pay Score; replays apply once', async () => {
    const shopper = await wechatShopper();
    pay.notifyCopies = 3;
    try {
      const { orderId, outOrderNo } = await rentingOrder(shopper);
      const confirms = pay.deliveries.filter(
        (d) => d.eventType === 'PAYSCORE.USER_CONFIRM' && d.url.endsWith('/pay/notify/wechat/1'),
      );
      assert.equal(confirms.at(-1)!.answers.at(-1), 204);
      const frozenEvents = await server.db
        .selectFrom('order_events')
        .select('id')
        .where('order_id', '=', orderId)
        .where('action', '=', 'freeze_succeeded')
        .execute();
      assert.equal(frozenEvents.length, 1, 'three copies of USER_CONFIRM, one freeze');

      await returned(shopper, orderId);
      const damage = 50_00;
      await ops(server, 'POST', `/ops/orders/${orderId}/inspect`, { damage });
      await quiet();
      const held = pay.serviceOrders.get(outOrderNo)!;
      const completion = held.history.find((h) => h.action === 'complete')!;
      assert.deepEqual(completion.body.post_payments, [
        { name: '损坏赔偿', amount: damage, description: '损坏赔偿 第1期', count: 1 },
      ]);
      assert.equal(completion.body.total_amount, damage);
      assert.equal(held.collection?.state, 'USER_PAID');
      assert.equal(held.collection?.paid_amount, damage);
      const paidCopies = pay.deliveries.filter(
        (d) => d.eventType === 'PAYSCORE.USER_PAID' && d.url.endsWith('/pay/notify/wechat/1'),
      );
      assert.equal(paidCopies.length, 3);
      assert.ok(paidCopies.every((d) => d.answers.at(-1) === 204));
      const compensation = (await bills(orderId)).find((b) => b.kind === 'COMPENSATION')!;
      assert.equal(compensation.status, 'paid');
      assert.equal(compensation.channel, 'payscore');
      const payments = await server.db
        .selectFrom('payments')
        .select(['amount', 'status'])
        .where('order_id', '=', orderId)
        .where('channel', '=', 'payscore')
        .execute();
      assert.deepEqual(payments, [{ amount: damage, status: 'succeeded' }], 'paid once');
      assert.equal(await orderStatus(server, orderId), 'COMPLETED');
      // Nothing more is asked of the service order: one completion.
      assert.equal(held.history.filter((h) => h.action === 'complete').length, 1);
    } finally {
      pay.notifyCopies = 1;
    }
  });

  test('a notification with a bad signature changes nothing', async () => {
    const shopper = await wechatShopper();
    const orderId = await signedOrder(server, month, shopper, {
      extra: { depositMethod: 'payscore' },
    });
    const started = await refreeze(shopper, orderId);
    const held = pay.serviceOrders.get(started.body.data.outRequestNo)!;
    // The user never confirmed: a forged USER_CONFIRM for this order.
    const forged = pay.buildNotification(BASE_APP.mchid, 'PAYSCORE.USER_CONFIRM', 'payscore', {
      ...pay.serviceOrderJson(held),
      state: 'DOING',
      state_description: 'USER_CONFIRM',
    });
    const tampered = {
      ...forged.headers,
      'Wechatpay-Signature': Buffer.from('not a signature').toString('base64'),
    };
    const answer = await pay.postForAnswer(
      `${server.baseUrl}/pay/notify/wechat/1`,
      forged.body,
      tampered,
    );
    assert.equal(answer.status, 401);
    assert.equal(answer.message, '验签失败');
    assert.equal(await orderStatus(server, orderId), 'PENDING_FREEZE');
    const auth = await server.db
      .selectFrom('deposit_authorisations')
      .select('status')
      .where('out_request_no', '=', held.out_order_no)
      .executeTakeFirstOrThrow();
    assert.equal(auth.status, 'pending');
    // The genuine one, signed by WeChat Pay, does move it (the content was never the problem).
    assert.equal(
      await pay.post(`${server.baseUrl}/pay/notify/wechat/1`, forged.body, forged.headers),
      204,
    );
    assert.equal(await orderStatus(server, orderId), 'PENDING_PAY');
  });

  test('Pay Score refuses the user: the refusal is shown, the deposit options stay', async () => {
    const shopper = await wechatShopper();
    pay.payScoreRefused.add(shopper.openId);
    const orderId = await signedOrder(server, month, shopper, {
      extra: { depositMethod: 'payscore' },
    });
    const started = await refreeze(shopper, orderId);
    assert.equal(started.status, 409);
    assert.match(started.body.msg, /综合评估未通过/);
    const offer = await server.request<{ offered: boolean; refused: boolean; reason?: string }>(
      'GET',
      '/api/order/payScore',
      { token: shopper.token },
    );
    assert.deepEqual(offer.body.data, { offered: false, refused: true, reason: '综合评估未通过' });
    // The order goes on with a paid deposit.
    const switched = await server.request<{ status: string; depositMethod: string }>(
      'POST',
      '/api/order/switchDeposit',
      { token: shopper.token, body: { orderId } },
    );
    assert.equal(switched.body.code, 200, JSON.stringify(switched.body));
    assert.equal(switched.body.data.status, 'PENDING_PAY');
    const deposit = (await bills(orderId)).find((b) => b.kind === 'DEPOSIT');
    assert.equal(deposit?.original, month.deposit);
    await payWithWechat(shopper, orderId);
    assert.equal(await orderStatus(server, orderId), 'PENDING_REVIEW');
    // Another 免押 order is refused at once, nothing written.
    const again = await server.request('POST', '/api/order/place', {
      token: shopper.token,
      body: {
        goodsId: month.goods_id,
        skuId: month.sku_id,
        planId: month.id,
        addressId: shopper.addressId,
        depositMethod: 'payscore',
      },
    });
    assert.equal(again.status, 409);
  });

  test('cancelled before shipping: the service order is cancelled', async () => {
    const shopper = await wechatShopper();
    const { orderId, outOrderNo } = await confirmedOrder(shopper);
    const cancelled = await server.request('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId },
    });
    assert.equal(cancelled.body.code, 200, JSON.stringify(cancelled.body));
    await quiet();
    const held = pay.serviceOrders.get(outOrderNo)!;
    assert.equal(held.state, 'REVOKED');
    assert.ok(held.history.some((h) => h.action === 'cancel'));
  });

  test('left unconfirmed, asked again: the old service order is cancelled, a new one created', async () => {
    const shopper = await wechatShopper();
    const orderId = await signedOrder(server, month, shopper, {
      extra: { depositMethod: 'payscore' },
    });
    const first = await refreeze(shopper, orderId);
    const payScore = first.body.data.payScore!;
    assert.equal(
      pay.openBusinessView(BASE_APP.appId, payScore, 'leave').errMsg,
      'openBusinessView:ok',
    );
    // A package opens once.
    assert.match(pay.openBusinessView(BASE_APP.appId, payScore).errMsg, /fail/);
    const second = await refreeze(shopper, orderId);
    assert.equal(second.body.code, 200, JSON.stringify(second.body));
    assert.notEqual(second.body.data.outRequestNo, first.body.data.outRequestNo);
    assert.equal(pay.serviceOrders.get(first.body.data.outRequestNo)!.state, 'REVOKED');
    assert.equal(
      pay.openBusinessView(BASE_APP.appId, second.body.data.payScore!).errMsg,
      'openBusinessView:ok',
    );
    await quiet();
    assert.equal(await orderStatus(server, orderId), 'PENDING_PAY');
  });

  test('modify changes what a completed order collects, within the risk fund', async () => {
    const gateway = server.app.deps.providers.payments.forBrand(1).wechat as WechatPayGateway;
    const outOrderNo = `PSMOD${Date.now()}`;
    const created = await gateway.createServiceOrder({
      outOrderNo,
      openId: 'oModifyUser',
      deposit: 100_00,
      title: '修改金额测试',
      startTime: '20261128100000',
      endTime: '20261228100000',
    });
    assert.equal(created.kind, 'created');
    if (created.kind !== 'created') return;
    pay.openBusinessView(BASE_APP.appId, created.confirmation);
    pay.holdCollection = true;
    try {
      const item = (amount: number) => [{ name: '损坏赔偿', amount, description: '屏幕划伤' }];
      await gateway.completeServiceOrder(outOrderNo, item(40_00), '20261130100000');
      await gateway.modifyServiceOrder(outOrderNo, item(25_00), '复核后减免');
      const held = await gateway.queryServiceOrder(outOrderNo);
      assert.equal(held?.total_amount, 25_00);
      assert.equal(held?.collection?.state, 'USER_PAYING');
      await assert.rejects(
        gateway.modifyServiceOrder(outOrderNo, item(200_00), '超过风险金'),
        /INVALID_REQUEST/,
      );
    } finally {
      pay.holdCollection = false;
    }
    await quiet();
  });
});
