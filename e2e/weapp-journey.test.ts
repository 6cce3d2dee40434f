/**
 * WeChat mini-program journey (issue 18): brand 1's built weapp artifact in the fake host
 * (e2e/mini-host.ts), the real API server with WECHAT_PROVIDER=live, and local WeChat API and
 * WeChat Pay v3 servers on loopback (server/test/wechat-api-server.ts, wechatpay-server.ts) that
 * the live adapters reach only through their configured base URLs, keys generated per run.
 *
 * The user logs in with the phone-number button (wx.login's code and getphonenumber's code are
 * exchanged by the server with the local WeChat API), agrees the policy prompt, places the order
 * on the confirm page and walks the verification and contract screens (e2e/steps/
 * mini-verification.ts: the face and signing web pages are the sandbox's, pressed by HTTP), goes
 * to pay, and the
 * host's wx.requestPayment — playing the WeChat client — verifies the server-issued paySign with
 * the merchant's public key before the local WeChat Pay marks the prepay paid and sends its
 * encrypted notification. What the user then sees comes from the pages' rendered data. A paySign
 * altered on the way and a user who cancels leave the bill owed.
 */
import assert from 'node:assert/strict';
import { createPublicKey, verify as rsaVerify } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FakeWechatApi } from '../server/test/wechat-api-server.ts';
import {
  BASE_APP,
  MERCHANT_SERIAL,
  wechatLiveEnv,
  wechatTestKeys,
} from '../server/test/wechat-fixtures.ts';
import { FakeWechatPay } from '../server/test/wechatpay-server.ts';
import { root, startServer, type RunningServer } from './harness';
import { FakeHost, type RequestPaymentParams } from './mini-host';
import * as mini from './steps/mini';
import { agreePolicyPrompt, verifyOnScreens } from './steps/mini-verification';
import { apiWithToken, confirmAndSign, ok, placeOrder, until, type ApiCall } from './steps/setup';

const dir = path.resolve(root, process.env.DIST_DIR ?? 'dist', 'weapp', '1');
const MOBILE = '13800138418';
/** The session token the app still keeps from a session the server has ended. */
const ENDED_SESSION = 'token-of-a-session-that-ended';
const OPEN_ID = 'oJourney418wx';

interface BillView {
  kind: string;
  status: string;
  amount: number;
  outstanding: number;
}

interface OrderView {
  status: string;
  bills: BillView[];
}

/** What the wallet does with the parameters, per attempt: pay, cancel, or see them tampered. */
type WalletChoice = 'pay' | 'cancel' | 'tamper';

describe('WeChat mini-program: login, order, first bill paid with wx.requestPayment', () => {
  const keys = wechatTestKeys();
  const merchantKey = createPublicKey(keys.merchantPublicKey);
  const wechatApi = new FakeWechatApi();
  const wechatPay = new FakeWechatPay(keys.platformPrivateKey, keys.platformPublicKeyId);
  let server: RunningServer;
  let host: FakeHost;
  let api: ApiCall;
  let orderId = 0;
  let walletChoice: WalletChoice = 'pay';
  const rejections: string[] = [];
  const onRejection = (reason: unknown) => rejections.push(String(reason));
  const walletSaw: { params: RequestPaymentParams; signatureValid: boolean }[] = [];

  /**
   * The WeChat client's side of wx.requestPayment: the signature must be the merchant's over
   * `appId\ntimeStamp\nnonceStr\npackage\n` for this mini-program's app id, or nothing is paid.
   */
  async function requestPayment(params: RequestPaymentParams): Promise<string> {
    const received =
      walletChoice === 'tamper' ? { ...params, paySign: tampered(params.paySign) } : params;
    const message = `${BASE_APP.appId}\n${received.timeStamp}\n${received.nonceStr}\n${received.package}\n`;
    const signatureValid =
      received.signType === 'RSA' &&
      rsaVerify(
        'sha256',
        Buffer.from(message),
        merchantKey,
        Buffer.from(received.paySign, 'base64'),
      );
    walletSaw.push({ params: received, signatureValid });
    if (!signatureValid) return 'requestPayment:fail invalid paySign';
    if (walletChoice === 'cancel') return 'requestPayment:fail cancel';
    // The user confirms: WeChat Pay takes the money and notifies the merchant asynchronously.
    return wechatPay.requestPayment(received);
  }

  const order = async () => ok(await api<OrderView>(`/api/order/detail/${orderId}`));
  /** The first payment: the first rent and, on WeChat, the deposit paid with it. */
  const firstBills = async () =>
    (await order()).bills.filter((b) => b.kind === 'FIRST' || b.kind === 'DEPOSIT');

  before(async () => {
    process.on('unhandledRejection', onRejection);
    assert.ok(fs.existsSync(path.join(dir, 'app.json')), `${dir} is not built`);
    await wechatApi.start();
    await wechatPay.start();
    wechatApi.addApp(BASE_APP.appId, BASE_APP.secret);
    wechatPay.addMerchant({
      mchid: BASE_APP.mchid,
      appId: BASE_APP.appId,
      serialNo: MERCHANT_SERIAL,
      merchantPublicKey: keys.merchantPublicKey,
      apiV3Key: keys.apiV3Key,
    });
    server = await startServer({
      h5: false,
      env: wechatLiveEnv(keys, { api: wechatApi.baseUrl, pay: wechatPay.baseUrl }),
    });
    host = new FakeHost(
      dir,
      'weapp',
      server.baseUrl,
      // What the app kept from that session (src/platform/storage.ts keys).
      { 'token:1': ENDED_SESSION, userInfo: { mobile: MOBILE } },
      {
        login: () => wechatApi.loginCode(BASE_APP.appId, OPEN_ID),
        requestPayment,
      },
    );
    host.launch();
  });

  after(async () => {
    process.off('unhandledRejection', onRejection);
    host?.close();
    await wechatPay.close();
    await wechatApi.close();
    await server?.stop();
  });

  it('sent to log in by a rejected session, logs in with the phone-number button: wx.login and getPhoneNumber codes, no session key', async () => {
    const login = await mini.loginAfterRejectedSession(host);
    const button = await login.waitFor('form-submit', '手机号');
    await login.fire(button, 'getphonenumber', {
      errMsg: 'getPhoneNumber:ok',
      code: wechatApi.phoneCode(BASE_APP.appId, MOBILE),
    });
    const stored = await mini.newSessionStored(host, ENDED_SESSION);
    assert.match(mini.lastNavigation(host, /^reLaunch /), /^\/pages\/myOrder\/myOrder/);
    api = apiWithToken(server.baseUrl, stored);
    assert.doesNotMatch(JSON.stringify(host.stored('userInfo') ?? ''), /session_key/);
    // Both codes went to the local WeChat API through the configured base URL.
    assert.ok((wechatApi.calls.get('/sns/jscode2session') ?? 0) >= 1);
    assert.equal(wechatApi.calls.get('/wxa/business/getuserphonenumber'), 1);
    const me = ok(await api<{ mobile?: string }>('/api/user/info'));
    assert.equal(me.mobile, MOBILE, 'the number WeChat gave for the getPhoneNumber code');
    // Logged in by the button, the user meets the policy prompt once, and agrees.
    await agreePolicyPrompt(host);
    assert.deepEqual(host.errors, []);
  });

  it('places an order on the confirm page, then verifies and signs on the screens', async () => {
    const checkout = await mini.openConfirmPage(host, api, MOBILE);
    // WeChat has no deposit freeze: the confirm page offers none, and says what paying it means.
    await checkout.waitFor('checkout-method', '支付押金');
    assert.equal(checkout.findAll('checkout-method', '预授权冻结').length, 0);
    await checkout.tap('checkout-method', '支付押金');
    await checkout.waitForText('随首期租金一起支付');
    orderId = await mini.submitOrder(host, checkout);
    const handedTo = await verifyOnScreens(host, server.baseUrl, 718);
    assert.match(handedTo.route, /pages\/(pay\/pay|confirmPayment\/confirmPayment)/);
    assert.equal((await order()).status, 'PENDING_PAY');
    assert.deepEqual(host.errors, []);
  });

  it('a paySign altered on the way is refused by the wallet: nothing paid, the bill still owed', async () => {
    walletChoice = 'tamper';
    await mini.payFromOrderPage(host, orderId);
    const last = walletSaw[walletSaw.length - 1];
    assert.equal(last?.signatureValid, false);
    await mini.expectPaymentFailed(host, 'fail', '支付平台未能完成扣款');
    const trade = [...wechatPay.trades.values()].find(
      (t) => t.prepay_id === last?.params.package.replace('prepay_id=', ''),
    );
    assert.equal(trade?.trade_state, 'NOTPAY');
    assert.ok((await firstBills()).every((b) => b.status !== 'paid' && b.outstanding > 0));
    const detail = await host.show(`/pages/orderDetail/orderDetail?orderId=${orderId}`);
    await detail.waitForText('请尽快支付首期租金');
    const rows = await mini.billRows(host, orderId);
    assert.ok(rows.length > 0 && rows.every((row) => !row.paid), JSON.stringify(rows));
    assert.equal((await order()).status, 'PENDING_PAY');
  });

  it('a user who cancels in the wallet is told so, and still owes the bill', async () => {
    walletChoice = 'cancel';
    await mini.payFromOrderPage(host, orderId);
    assert.equal(walletSaw[walletSaw.length - 1]?.signatureValid, true);
    await mini.expectPaymentFailed(host, 'cancel', '您已取消支付，订单仍待支付');
    assert.ok((await firstBills()).every((b) => b.status !== 'paid'));
    assert.equal((await order()).status, 'PENDING_PAY');
  });

  it('pays the first bill: paySign verified by the wallet, notification in, the order page moves on', async () => {
    walletChoice = 'pay';
    const owed = (await firstBills()).reduce((sum, b) => sum + b.outstanding, 0);
    await mini.payFromOrderPage(host, orderId, owed);
    const { params, signatureValid } = walletSaw[walletSaw.length - 1]!;
    assert.equal(signatureValid, true, 'the server-issued paySign verifies with the merchant key');
    assert.equal(params.signType, 'RSA');
    assert.match(params.package, /^prepay_id=/);
    const trade = [...wechatPay.trades.values()].find(
      (t) => `prepay_id=${t.prepay_id}` === params.package,
    );
    assert.ok(trade);
    assert.equal(trade.openid, OPEN_ID, 'the prepay is for the user who logged in');
    assert.equal(trade.amount, owed);
    assert.equal(trade.trade_state, 'SUCCESS');

    // The app waits for the server's notification on the loading page, then shows the result.
    const page = await mini.followTo(host, /redirectTo .*loading/, '下单成功', () =>
      wechatPay.settled(),
    );
    assert.equal(page.route, 'pages/orderSuccess/orderSuccess');

    const delivery = wechatPay.deliveries.filter(
      (d) => d.eventType === 'TRANSACTION.SUCCESS' && d.url.endsWith('/pay/notify/wechat/1'),
    );
    assert.deepEqual(
      delivery.map((d) => d.answers),
      [[204]],
      'one notification, accepted once',
    );

    const detail = await host.show(`/pages/orderDetail/orderDetail?orderId=${orderId}`);
    await detail.waitForText('商家正在审核您的订单');
    const bills = await firstBills();
    assert.ok(bills.length > 0 && bills.every((b) => b.status === 'paid' && b.outstanding === 0));
    // The bills page shows the first payment's bills (first rent and deposit) paid, nothing else.
    const rows = await mini.billRows(host, orderId);
    assert.equal(rows.filter((row) => row.paid).length, bills.length, JSON.stringify(rows));
    assert.ok(
      rows.some((row) => row.paid && row.texts.includes('押金')),
      JSON.stringify(rows),
    );
    assert.ok(
      rows.some((row) => !row.paid),
      'later instalments stay owed',
    );
    assert.equal(wechatPay.badSignatures, 0);
    assert.deepEqual(host.errors, []);
    assert.deepEqual(rejections, [], 'unhandled promise rejections in the app');
  });
});

/** The signature with one byte flipped, as a proxy that rewrote it would leave it. */
function tampered(paySign: string): string {
  const bytes = Buffer.from(paySign, 'base64');
  bytes[10] = bytes[10]! ^ 0x01;
  return bytes.toString('base64');
}

/**
 * WeChat Pay Score (issue 39): the same host and local WeChat servers, brand 1 offering Pay
 * Score's deposit-free mode. The user chooses 微信支付分免押 on the confirm page, signs, confirms
 * the service order in WeChat (the host's wx.openBusinessView, played by the local WeChat Pay's
 * confirmation page), pays the first bill and then the second month with wx.requestPayment,
 * returns: the service order is completed with nothing owed. A second order, returned damaged,
 * is completed with the damage, which Pay Score collects.
 */
describe('WeChat mini-program: 免押 with WeChat Pay Score', () => {
  const PS_MOBILE = '13800138419';
  const PS_OPEN_ID = 'oJourney419wx';
  const SERVICE_ID = '2002000000000558128851361561536';
  const keys = wechatTestKeys();
  const wechatApi = new FakeWechatApi();
  const wechatPay = new FakeWechatPay(keys.platformPrivateKey, keys.platformPublicKeyId);
  let server: RunningServer;
  let host: FakeHost;
  let api: ApiCall;
  const rejections: string[] = [];
  const onRejection = (reason: unknown) => rejections.push(String(reason));
  const confirmations: { businessType: string; errMsg: string }[] = [];

  const detailOf = async (orderId: number) =>
    ok(await api<OrderView & { depositMethod: string }>(`/api/order/detail/${orderId}`));
  async function opsStep(orderId: number, step: string, body: object = {}) {
    const res = await fetch(`${server.baseUrl}/ops/orders/${orderId}/${step}`, {
      method: 'POST',
      headers: { 'x-ops-token': server.opsToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const reply = (await res.json()) as { code: number; msg: string };
    assert.equal(reply.code, 200, reply.msg);
  }
  const statusIs = (orderId: number, status: string) =>
    until(async () => (await detailOf(orderId)).status === status, `order ${orderId} ${status}`);

  before(async () => {
    process.on('unhandledRejection', onRejection);
    assert.ok(fs.existsSync(path.join(dir, 'app.json')), `${dir} is not built`);
    await wechatApi.start();
    await wechatPay.start();
    wechatApi.addApp(BASE_APP.appId, BASE_APP.secret);
    wechatPay.addMerchant({
      mchid: BASE_APP.mchid,
      appId: BASE_APP.appId,
      serialNo: MERCHANT_SERIAL,
      merchantPublicKey: keys.merchantPublicKey,
      apiV3Key: keys.apiV3Key,
      payScoreServiceIds: [SERVICE_ID],
    });
    server = await startServer({
      h5: false,
      env: {
        ...wechatLiveEnv(keys, { api: wechatApi.baseUrl, pay: wechatPay.baseUrl }),
        PAYSCORE_BRANDS: '1',
        WECHAT_PAYSCORE_SERVICE_ID: SERVICE_ID,
      },
    });
    host = new FakeHost(
      dir,
      'weapp',
      server.baseUrl,
      { 'token:1': ENDED_SESSION, userInfo: { mobile: PS_MOBILE } },
      {
        login: () => wechatApi.loginCode(BASE_APP.appId, PS_OPEN_ID),
        // The WeChat client pays what the merchant signed (checked by the local WeChat Pay).
        requestPayment: async (params) => wechatPay.requestPayment(params),
        // Pay Score's confirmation page: the user confirms.
        openBusinessView: async (params) => {
          const answer = wechatPay.openBusinessView(BASE_APP.appId, {
            businessType: params.businessType,
            ...(params.extraData ? { extraData: params.extraData } : {}),
          });
          confirmations.push({ businessType: params.businessType, errMsg: answer.errMsg });
          return answer;
        },
      },
    );
    host.launch();
  });

  after(async () => {
    process.off('unhandledRejection', onRejection);
    host?.close();
    await wechatPay.close();
    await wechatApi.close();
    await server?.stop();
  });

  it('logs in with the phone-number button', async () => {
    const login = await mini.loginAfterRejectedSession(host);
    const button = await login.waitFor('form-submit', '手机号');
    await login.fire(button, 'getphonenumber', {
      errMsg: 'getPhoneNumber:ok',
      code: wechatApi.phoneCode(BASE_APP.appId, PS_MOBILE),
    });
    const stored = await mini.newSessionStored(host, ENDED_SESSION);
    api = apiWithToken(server.baseUrl, stored);
    await agreePolicyPrompt(host);
    assert.deepEqual(host.errors, []);
  });

  let orderId = 0;
  it('chooses 微信支付分免押, signs, confirms in WeChat, pays the first bill', async () => {
    const checkout = await mini.openConfirmPage(host, api, PS_MOBILE);
    // Offered to this user on this brand: first, and chosen.
    await checkout.waitFor('checkout-method', '微信支付分免押');
    await checkout.waitForText('押金由微信支付分担保');
    orderId = await mini.submitOrder(host, checkout);
    assert.equal((await detailOf(orderId)).depositMethod, 'payscore');
    const deposit = await verifyOnScreens(host, server.baseUrl, 719);
    assert.equal(deposit.route, 'pages/alipay/aliSign');
    assert.equal((await detailOf(orderId)).status, 'PENDING_FREEZE');
    await deposit.waitForText('微信支付分免押');
    await deposit.tap('form-submit', '去微信支付分确认');
    await until(async () => confirmations.length > 0, 'wx.openBusinessView');
    assert.deepEqual(confirmations, [
      { businessType: 'wxpayScoreUse', errMsg: 'openBusinessView:ok' },
    ]);
    const held = [...wechatPay.serviceOrders.values()].find((o) => o.openid === PS_OPEN_ID)!;
    assert.equal(held.risk_fund.name, 'DEPOSIT');
    assert.equal(held.state, 'DOING');
    // The app waits for the server, which moves on WeChat's USER_CONFIRM.
    const back = await mini.followTo(host, /redirectTo .*(loading|wait)/i, '去支付', () =>
      wechatPay.settled(),
    );
    assert.equal((await detailOf(orderId)).status, 'PENDING_PAY');
    await back.waitForText('微信支付分已确认');
    await back.waitFor('form-submit', '去支付');
    const first = (await detailOf(orderId)).bills.filter((b) => b.kind === 'FIRST');
    assert.ok(
      !(await detailOf(orderId)).bills.some((b) => b.kind === 'DEPOSIT'),
      'no deposit paid',
    );
    await mini.payFromOrderPage(host, orderId, first[0]!.outstanding);
    await wechatPay.settled();
    await statusIs(orderId, 'PENDING_REVIEW');
    assert.deepEqual(host.errors, []);
  });

  it('pays the second month in the host, returns clean: the service order completes with nothing owed', async () => {
    await opsStep(orderId, 'approve');
    await opsStep(orderId, 'ship', { waybill: 'SF4190000001' });
    ok(await api('/api/order/confirmReceive', { orderId }));
    // 全部账单 → the next bill picked → 去支付 → 立即支付: wx.requestPayment, as every month.
    const plan = await host.show(`/pages/billDetail/billDetail?orderId=${orderId}`);
    await plan.waitFor('bill-row');
    await plan.tap('bill-bar__button');
    const payPage = await host.show(mini.lastNavigation(host, /pages\/billpay\/pay/));
    await payPage.waitForText(/立即支付 ¥/);
    await payPage.tap('form-submit', '立即支付');
    await wechatPay.settled();
    await until(
      async () =>
        (await detailOf(orderId)).bills.some((b) => b.kind === 'INSTALMENT' && b.status === 'paid'),
      'the second month paid',
    );
    // Returned before the end (the early-return fee paid through the API), received, inspected.
    const quote = ok(await api<{ total: number }>(`/api/order/earlyReturnQuote/${orderId}`));
    ok(await api('/api/order/apply/earlyReturn', { orderId, total: quote.total }));
    const fee = (await detailOf(orderId)).bills.find((b) => b.kind === 'EARLY_RETURN');
    if (fee && fee.outstanding > 0) {
      const opened = ok(
        await api<{ wechat: RequestPaymentParams }>('/api/order/stagePayOrderByWx', {
          orderId,
          billIds: [(fee as BillView & { id: number }).id],
        }),
      );
      assert.equal(wechatPay.requestPayment(opened.wechat), 'requestPayment:ok');
      await wechatPay.settled();
    }
    ok(
      await api('/api/order/confirm/return', {
        orderId,
        expressCode: 'sf',
        waybill: 'SF4190000002',
      }),
    );
    await opsStep(orderId, 'receive-return');
    await opsStep(orderId, 'inspect', { damage: 0 });
    await statusIs(orderId, 'COMPLETED');
    const held = [...wechatPay.serviceOrders.values()].find((o) => o.openid === PS_OPEN_ID)!;
    assert.equal(held.state, 'DONE');
    assert.equal(held.total_amount, 0);
    const detail = await host.show(`/pages/orderDetail/orderDetail?orderId=${orderId}`);
    await detail.waitForText('已完成');
    assert.deepEqual(host.errors, []);
  });

  it('a second order returned damaged: completed with the damage, which Pay Score collects', async () => {
    // Placed, signed and confirmed through the API this time; the host's part was shown above.
    const addresses = ok(await api<{ id: number }[]>('/api/user/userAddress'));
    const second = await placeOrder(api, addresses[0]!.id, 'payscore');
    await confirmAndSign(api, server.baseUrl, second, 'PENDING_FREEZE');
    const started = ok(
      await api<{
        outRequestNo: string;
        payScore: { businessType: string; extraData: { package: string } };
      }>('/api/order/refreeze', { orderId: second }),
    );
    assert.equal(
      wechatPay.openBusinessView(BASE_APP.appId, started.payScore).errMsg,
      'openBusinessView:ok',
    );
    await wechatPay.settled();
    await statusIs(second, 'PENDING_PAY');
    const opened = ok(
      await api<{ wechat: RequestPaymentParams }>('/api/order/pay2', { orderId: second }),
    );
    assert.equal(wechatPay.requestPayment(opened.wechat), 'requestPayment:ok');
    await wechatPay.settled();
    await statusIs(second, 'PENDING_REVIEW');
    await opsStep(second, 'approve');
    await opsStep(second, 'ship', { waybill: 'SF4190000003' });
    ok(await api('/api/order/confirmReceive', { orderId: second }));
    const quote = ok(await api<{ total: number }>(`/api/order/earlyReturnQuote/${second}`));
    ok(await api('/api/order/apply/earlyReturn', { orderId: second, total: quote.total }));
    const fee = (await detailOf(second)).bills.find((b) => b.kind === 'EARLY_RETURN') as
      (BillView & { id: number }) | undefined;
    if (fee && fee.outstanding > 0) {
      const feePay = ok(
        await api<{ wechat: RequestPaymentParams }>('/api/order/stagePayOrderByWx', {
          orderId: second,
          billIds: [fee.id],
        }),
      );
      assert.equal(wechatPay.requestPayment(feePay.wechat), 'requestPayment:ok');
      await wechatPay.settled();
    }
    ok(
      await api('/api/order/confirm/return', {
        orderId: second,
        expressCode: 'sf',
        waybill: 'SF4190000004',
      }),
    );
    await opsStep(second, 'receive-return');
    await opsStep(second, 'inspect', { damage: 80_00 });
    await until(async () => {
      await wechatPay.settled();
      return (await detailOf(second)).status === 'COMPLETED';
    }, 'the damage collected');
    const held = wechatPay.serviceOrders.get(started.outRequestNo)!;
    assert.equal(held.total_amount, 80_00);
    assert.equal(held.collection?.state, 'USER_PAID');
    assert.equal(held.collection?.paid_amount, 80_00);
    const compensation = (await detailOf(second)).bills.find((b) => b.kind === 'COMPENSATION');
    assert.equal(compensation?.status, 'paid');
    const page = await host.show(`/pages/orderDetail/orderDetail?orderId=${second}`);
    await page.waitForText('已完成');
    assert.deepEqual(host.errors, []);
    assert.deepEqual(rejections, [], 'unhandled promise rejections in the app');
  });
});
