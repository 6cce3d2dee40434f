// engines: postgres (provider protocol; the engine's SQL is checked by pay and notifications on both)
/**
 * WeChat Pay v3 live, end to end: the real server with WECHAT_PROVIDER=live against a local
 * api.weixin.qq.com and api.mch.weixin.qq.com (wechat-api-server.ts, wechatpay-server.ts), keys
 * generated per run. A WeChat user logs in, pays the first bill through wx.requestPayment with the
 * server's parameters, and the signed, encrypted notification moves the order; notifications that
 * cannot be trusted change nothing; duplicates pay once; refunds go out through the outbox and
 * their own notification. The protocol does not depend on the engine: one pass, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { reconcile } from '../src/jobs/reconcile.ts';
import { requestRefund } from '../src/payments/operations.ts';
import { onlyOn, type TestServer } from './helpers.ts';
import {
  agreeEarlyReturn,
  nextMobile,
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

describe('WeChat Pay v3 live', { skip: onlyOn('postgres') }, () => {
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
      });
    }
    ({ server, month } = await orderTestServer({
      ...wechatLiveEnv(keys, { api: api.baseUrl, pay: pay.baseUrl }),
      WECHAT_TIMEOUT_MS: '1500',
    }));
  });
  after(async () => {
    await pay.close();
    await api.close();
    await server?.close();
  });

  const wechatShopper = (platform = 1) => loggedInWechatShopper(server, api, platform);

  async function payingOrder() {
    const shopper = await wechatShopper();
    const orderId = await signedOrder(server, month, shopper, {
      extra: { depositMethod: 'paid' },
    });
    assert.equal(await orderStatus(server, orderId), 'PENDING_PAY');
    return { shopper, orderId };
  }

  const openWechatPayment = (shopper: Shopper, orderId: number) =>
    server.request<PayReply>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId, channel: 'wechat' },
    });

  const paymentRow = (outTradeNo: string) =>
    server.db
      .selectFrom('payments')
      .selectAll()
      .where('out_trade_no', '=', outTradeNo)
      .executeTakeFirstOrThrow();

  const notifyUrl = (platform = 1) => `${server.baseUrl}/pay/notify/wechat/${platform}`;

  test('login, prepay with the user’s open id, wx.requestPayment, notification: the order moves on', async () => {
    const { shopper, orderId } = await payingOrder();
    const opened = await openWechatPayment(shopper, orderId);
    assert.equal(opened.body.code, 200, JSON.stringify(opened.body));
    const { outTradeNo, wechat, amount } = opened.body.data;
    assert.ok(wechat, 'no wx.requestPayment parameters');
    assert.equal(wechat.signType, 'RSA');
    const trade = pay.trades.get(outTradeNo)!;
    assert.equal(trade.openid, shopper.openId);
    assert.equal(trade.amount, amount);
    assert.equal(trade.notify_url, notifyUrl(1));
    // Asking again gives the same prepay id, signed afresh.
    const again = await openWechatPayment(shopper, orderId);
    assert.equal(again.body.data.outTradeNo, outTradeNo);
    assert.equal(again.body.data.wechat?.package, wechat.package);

    assert.equal(pay.requestPayment(wechat), 'requestPayment:ok');
    await pay.settled();
    const delivery = pay.deliveries.find(
      (d) => d.url === notifyUrl(1) && d.eventType === 'TRANSACTION.SUCCESS',
    );
    assert.deepEqual(delivery?.answers, [204]);
    assert.equal((await paymentRow(outTradeNo)).status, 'succeeded');
    assert.equal((await paymentRow(outTradeNo)).provider_trade_no, trade.transaction_id);
    assert.equal(await orderStatus(server, orderId), 'PENDING_REVIEW');
    assert.equal(pay.badSignatures, 0);
  });

  test('a user logged in by SMS only is told to log in with WeChat; nothing is written', async () => {
    const mobile = nextMobile();
    const token = await server.loginAs(mobile);
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    const { orderId } = await payingOrder();
    await server.db
      .updateTable('orders')
      .set({ user_id: user.id })
      .where('id', '=', orderId)
      .execute();
    const before = await server.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const reply = await server.request('POST', '/api/order/pay', {
      token,
      body: { orderId, channel: 'wechat' },
    });
    assert.equal(reply.status, 400);
    assert.match(reply.body.msg, /微信登录/);
    const after = await server.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(after.n), Number(before.n));
  });

  test('notifications that cannot be trusted are refused (401) and pay nothing', async () => {
    const { shopper, orderId } = await payingOrder();
    const { outTradeNo } = (await openWechatPayment(shopper, orderId)).body.data;
    const trade = pay.trades.get(outTradeNo)!;
    const paid = {
      appid: BASE_APP.appId,
      mchid: BASE_APP.mchid,
      out_trade_no: outTradeNo,
      transaction_id: trade.transaction_id,
      trade_state: 'SUCCESS',
      amount: { total: trade.amount, payer_total: trade.amount },
    };
    const genuine = () =>
      pay.buildNotification(BASE_APP.mchid, 'TRANSACTION.SUCCESS', 'transaction', paid);

    // The body changed after signing: the signature failed, and the answer says so.
    const a = genuine();
    assert.deepEqual(
      await pay.postForAnswer(
        notifyUrl(),
        a.body.replace('"encrypt-resource"', '"encrypt-resource" '),
        a.headers,
      ),
      { status: 401, message: '验签失败' },
    );
    // The ciphertext tampered with, signature recomputed by someone without the APIv3 key.
    const b = genuine();
    const tampered = JSON.parse(b.body) as { resource: { ciphertext: string } };
    const bytes = Buffer.from(tampered.resource.ciphertext, 'base64');
    bytes[3] = bytes[3]! ^ 0xff;
    tampered.resource.ciphertext = bytes.toString('base64');
    const tamperedBody = JSON.stringify(tampered);
    // Signed with WeChat Pay's key over the tampered body, so only the AEAD tag can catch it: the
    // signature held, the decryption failed, and the answer says which.
    assert.deepEqual(
      await pay.postForAnswer(notifyUrl(), tamperedBody, pay.signedHeaders(tamperedBody)),
      { status: 401, message: '解密失败' },
    );
    // Another key id; a stale timestamp.
    const c = genuine();
    assert.equal(
      await pay.post(notifyUrl(), c.body, { ...c.headers, 'Wechatpay-Serial': 'PUB_KEY_ID_OTHER' }),
      401,
    );
    const d = genuine();
    assert.equal(
      await pay.post(notifyUrl(), d.body, {
        ...d.headers,
        'Wechatpay-Timestamp': String(Math.floor(Date.now() / 1000) - 3600),
      }),
      401,
    );
    // Brand 2's merchant speaking for brand 1's order.
    const e = pay.buildNotification(BRAND2_APP.mchid, 'TRANSACTION.SUCCESS', 'transaction', {
      ...paid,
      appid: BRAND2_APP.appId,
      mchid: BRAND2_APP.mchid,
    });
    assert.equal(await pay.post(notifyUrl(1), e.body, e.headers), 401);
    // Genuine, but for another amount: acknowledged, recorded, not applied.
    const f = pay.buildNotification(BASE_APP.mchid, 'TRANSACTION.SUCCESS', 'transaction', {
      ...paid,
      amount: { total: trade.amount - 1 },
    });
    assert.equal(await pay.post(notifyUrl(), f.body, f.headers), 204);

    assert.equal((await paymentRow(outTradeNo)).status, 'created');
    assert.equal(await orderStatus(server, orderId), 'PENDING_PAY');
    const outcomes = await server.db
      .selectFrom('payment_notifications')
      .select(['outcome', 'verified'])
      .where('provider', '=', 'wechat')
      .where((eb) => eb.or([eb('out_trade_no', '=', outTradeNo), eb('out_trade_no', '=', '')]))
      .execute();
    assert.ok(outcomes.some((o) => o.outcome === 'amount_mismatch' && o.verified));
    assert.ok(outcomes.some((o) => o.outcome === 'undecryptable' && o.verified));
    assert.ok(outcomes.filter((o) => o.outcome === 'bad_signature' && !o.verified).length >= 3);

    // The genuine one still pays.
    const g = genuine();
    assert.equal(await pay.post(notifyUrl(), g.body, g.headers), 204);
    assert.equal((await paymentRow(outTradeNo)).status, 'succeeded');
  });

  test('sent twice, and once mangled then retried: paid once, nothing lost', async () => {
    const { shopper, orderId } = await payingOrder();
    const { outTradeNo, wechat } = (await openWechatPayment(shopper, orderId)).body.data;
    pay.notifyTwice = true;
    pay.corruptNextDeliveries = 1;
    try {
      assert.equal(pay.requestPayment(wechat!), 'requestPayment:ok');
      await pay.settled();
    } finally {
      pay.notifyTwice = false;
    }
    const answers = pay.deliveries.slice(-2).map((d) => d.answers);
    assert.deepEqual(answers.flat().sort(), [204, 204, 401]);
    const stored = await server.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('out_trade_no', '=', outTradeNo)
      .execute();
    // The copy is recognised by its notify id and acknowledged without a second row.
    assert.deepEqual(
      stored.map((s) => s.outcome),
      ['applied'],
    );
    const bills = await server.db
      .selectFrom('bills')
      .select(['status', 'out_trade_no'])
      .where('order_id', '=', orderId)
      .where('status', '=', 'paid')
      .execute();
    assert.ok(bills.length > 0 && bills.every((b) => b.out_trade_no === outTradeNo));
  });

  test('WeChat failing or timing out at prepay is "try later"; the next try opens the trade', async () => {
    const { shopper, orderId } = await payingOrder();
    pay.failNext('/v3/pay/transactions/jsapi', { status: 500, code: 'SYSTEM_ERROR' });
    const failed = await openWechatPayment(shopper, orderId);
    assert.equal(failed.status, 503);
    pay.failNext('/v3/pay/transactions/jsapi', 'timeout');
    const timedOut = await openWechatPayment(shopper, orderId);
    assert.equal(timedOut.status, 503);
    const ok = await openWechatPayment(shopper, orderId);
    assert.equal(ok.body.code, 200);
    assert.ok(pay.trades.get(ok.body.data.outTradeNo));
  });

  test('a cancelled order’s trade is closed at WeChat, so it can no longer be paid', async () => {
    const { shopper, orderId } = await payingOrder();
    const { outTradeNo, wechat } = (await openWechatPayment(shopper, orderId)).body.data;
    const cancelled = await server.request('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId },
    });
    assert.equal(cancelled.body.code, 200, JSON.stringify(cancelled.body));
    await settle(server);
    assert.equal(pay.trades.get(outTradeNo)?.trade_state, 'CLOSED');
    assert.match(pay.requestPayment(wechat!), /fail/);
  });

  test('a lost notification: reconciliation queries the trade and applies it', async () => {
    const { shopper, orderId } = await payingOrder();
    const { outTradeNo, wechat } = (await openWechatPayment(shopper, orderId)).body.data;
    const attempts = pay.maxAttempts;
    pay.maxAttempts = 0;
    try {
      assert.equal(pay.requestPayment(wechat!), 'requestPayment:ok');
      await pay.settled();
    } finally {
      pay.maxAttempts = attempts;
    }
    assert.equal((await paymentRow(outTradeNo)).status, 'created');
    await reconcile(server.app.deps, { olderThanSeconds: 0 });
    assert.equal((await paymentRow(outTradeNo)).status, 'succeeded');
  });

  test('refunds go out through the outbox, once, and their notification settles them', async () => {
    const { shopper, orderId } = await payingOrder();
    const { outTradeNo, wechat } = (await openWechatPayment(shopper, orderId)).body.data;
    pay.requestPayment(wechat!);
    await pay.settled();
    const payment = await paymentRow(outTradeNo);
    const deps = server.app.deps;
    await server.db
      .transaction()
      .execute((trx) => requestRefund(trx, deps, payment, 1000, '测试退款'));
    await server.db
      .transaction()
      .execute((trx) => requestRefund(trx, deps, payment, 500, '测试退款'));
    // The refund call fails once: the job retries it with the same number.
    pay.failNext('/v3/refund/domestic/refunds', { status: 500, code: 'SYSTEM_ERROR' });
    await settle(server).catch(() => undefined);
    await settle(server).catch(() => undefined);
    // Whatever the job's backoff left pending, reconciliation asks WeChat and asks again.
    await reconcile(deps, { olderThanSeconds: 0 });
    await pay.settled();
    const refunds = await server.db
      .selectFrom('refunds')
      .select(['out_refund_no', 'status', 'provider_status', 'amount'])
      .where('payment_id', '=', payment.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      refunds.map((r) => [r.status, r.provider_status, r.amount]),
      [
        ['succeeded', 'SUCCESS', 1000],
        ['succeeded', 'SUCCESS', 500],
      ],
    );
    const atWechat = [...pay.refunds.values()].filter((r) => r.out_trade_no === outTradeNo);
    assert.deepEqual(atWechat.map((r) => r.amount).sort(), [1000, 500].sort());
    // Asking WeChat again for the same refund moves no more money.
    const gateway = deps.providers.payments.forBrand(1).wechat;
    await gateway.refund({
      outTradeNo,
      outRefundNo: refunds[0]!.out_refund_no,
      amount: 1000,
      tradeAmount: payment.amount,
    });
    assert.equal([...pay.refunds.values()].filter((r) => r.out_trade_no === outTradeNo).length, 2);
    assert.deepEqual(
      await gateway.queryRefund({ outTradeNo, outRefundNo: refunds[1]!.out_refund_no }),
      { amount: 500 },
    );

    // A refund that does not reach the user is kept for ops.
    pay.refundOutcome = 'ABNORMAL';
    try {
      await server.db
        .transaction()
        .execute((trx) => requestRefund(trx, deps, payment, 100, '测试退款'));
      await settle(server);
      await pay.settled();
    } finally {
      pay.refundOutcome = 'SUCCESS';
    }
    const abnormal = await server.db
      .selectFrom('refunds')
      .select(['provider_status', 'last_error'])
      .where('payment_id', '=', payment.id)
      .where('amount', '=', 100)
      .executeTakeFirstOrThrow();
    assert.equal(abnormal.provider_status, 'ABNORMAL');
    assert.match(abnormal.last_error ?? '', /ABNORMAL/);
    // No secret in any log line.
    const logs = server.logs();
    for (const secret of [BASE_APP.secret, keys.apiV3Key, 'PRIVATE KEY'])
      assert.ok(!logs.includes(secret), `a secret reached the log`);
  });
  test('the deposit paid with the first bill is refunded through WeChat Pay at return', async () => {
    const { shopper, orderId } = await payingOrder();
    const order = await server.db
      .selectFrom('orders')
      .select(['deposit', 'deposit_method'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    assert.equal(order.deposit_method, 'paid');
    assert.ok(order.deposit > 0);
    const { outTradeNo, wechat } = (await openWechatPayment(shopper, orderId)).body.data;
    pay.requestPayment(wechat!);
    await pay.settled();
    const as = (body: unknown) => ({ token: shopper.token, body });
    await ops(server, 'POST', `/ops/orders/${orderId}/approve`, {});
    await ops(server, 'POST', `/ops/orders/${orderId}/ship`, { waybill: 'SF1234567890' });
    await server.request('POST', '/api/order/confirmReceive', as({ orderId }));
    // Returned before the end: the early return's fee first, paid through WeChat Pay.
    await agreeEarlyReturn(server, shopper, orderId, { pay: false });
    const fee = await server.db
      .selectFrom('bills')
      .select('id')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'EARLY_RETURN')
      .executeTakeFirstOrThrow();
    const feePayment = await server.request<PayReply>('POST', '/api/order/stagePayOrderByWx', {
      token: shopper.token,
      body: { orderId, billIds: [fee.id] },
    });
    assert.equal(feePayment.body.code, 200, JSON.stringify(feePayment.body));
    pay.requestPayment(feePayment.body.data.wechat!);
    await pay.settled();
    await settle(server);
    await server.request('POST', '/api/order/apply/return', as({ orderId }));
    await server.request(
      'POST',
      '/api/order/confirm/return',
      as({ orderId, expressCode: 'sf', waybill: 'SF99887766' }),
    );
    await ops(server, 'POST', `/ops/orders/${orderId}/receive-return`, {});
    const inspected = await ops(server, 'POST', `/ops/orders/${orderId}/inspect`, { damage: 0 });
    assert.equal(inspected.body.code, 200, JSON.stringify(inspected.body));
    assert.equal(await orderStatus(server, orderId), 'COMPLETED');
    // Nothing was sent to WeChat inside the transaction: the outbox job does it.
    assert.equal([...pay.refunds.values()].filter((r) => r.out_trade_no === outTradeNo).length, 0);
    await settle(server);
    await pay.settled();
    const refunded = [...pay.refunds.values()].filter((r) => r.out_trade_no === outTradeNo);
    assert.deepEqual(
      refunded.map((r) => [r.amount, r.status]),
      [[order.deposit, 'SUCCESS']],
    );
    const row = await server.db
      .selectFrom('refunds')
      .select(['status', 'provider_status', 'reason'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { status: 'succeeded', provider_status: 'SUCCESS', reason: '押金退还' });
  });
  test('paid in WeChat after switching to Alipay (out of order): the bills are paid once', async () => {
    const { shopper, orderId } = await payingOrder();
    const first = (await openWechatPayment(shopper, orderId)).body.data;
    // The user switches to Alipay: the WeChat payment is closed here, its close job queued.
    const alipay = await server.request<PayReply>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId, channel: 'alipay' },
    });
    assert.equal(alipay.body.code, 200);
    assert.equal((await paymentRow(first.outTradeNo)).status, 'closed');
    // …but pays the WeChat trade before WeChat hears of the close.
    assert.equal(pay.requestPayment(first.wechat!), 'requestPayment:ok');
    await pay.settled();
    // WeChat's success is the truth: the WeChat payment pays the bills, the Alipay one is closed.
    assert.equal((await paymentRow(first.outTradeNo)).status, 'succeeded');
    assert.equal((await paymentRow(alipay.body.data.outTradeNo)).status, 'closed');
    await settle(server);
    // Closing the paid WeChat trade is answered ORDERPAID and changes nothing.
    assert.equal(pay.trades.get(first.outTradeNo)?.trade_state, 'SUCCESS');
    const bills = await server.db
      .selectFrom('bills')
      .select(['status', 'out_trade_no', 'kind'])
      .where('order_id', '=', orderId)
      .where('kind', 'in', ['FIRST', 'DEPOSIT'])
      .execute();
    assert.ok(bills.every((b) => b.status === 'paid' && b.out_trade_no === first.outTradeNo));
    assert.equal(await orderStatus(server, orderId), 'PENDING_REVIEW');
    const refunds = await server.db
      .selectFrom('refunds')
      .select('id')
      .where('order_id', '=', orderId)
      .execute();
    assert.equal(refunds.length, 0, 'nothing to give back: the user paid once');
  });
});
