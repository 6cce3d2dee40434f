/**
 * Alipay mini-program journey (issue 17): brand 1's built alipay artifact in the headless host
 * (e2e/mini-host.ts), the real API server with ALIPAY_PROVIDER=live, and the local Alipay gateway
 * (server/test/alipay-gateway/) that the live adapter reaches only through its configured gateway
 * URL, keys generated per run.
 *
 * The host plays the Alipay client: my.getAuthCode hands out the gateway's auth code (exchanged by
 * the server at alipay.system.oauth.token), my.getPhoneNumber the number encrypted with the app's
 * AES key and signed by Alipay, and my.tradePay checks a freeze order string's RSA2 signature
 * with the app's public key before telling the gateway the user authorised it, or tells it the
 * buyer paid a trade; the gateway then notifies the server, and what the user sees comes from the
 * pages' rendered data. A cancel (6001) and a failure (4000) leave the bill payable.
 */
import assert from 'node:assert/strict';
import { createVerify } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { OrderDetail } from '../contract/api/order';
import {
  signContent,
  startLocalAlipay,
  type LocalAlipay,
} from '../server/test/alipay-gateway/index';
import { root, startServer, type RunningServer } from './harness';
import { FakeHost, type TradePayParams } from './mini-host';
import * as mini from './steps/mini';
import { agreePolicyPrompt, verifyOnScreens } from './steps/mini-verification';
import { apiWithToken, ok, type ApiCall } from './steps/setup';

const dir = path.resolve(root, process.env.DIST_DIR ?? 'dist', 'alipay', '1');
const MOBILE = '13800138517';
const ALIPAY_USER = '2088000000000517';
/** The session token the app still keeps from a session the server has ended. */
const ENDED_SESSION = 'token-of-a-session-that-ended';
/** What Zhima credit waives of the deposit (fen). */
const WAIVED = 30_00;

/** What the user does in the wallet, per my.tradePay: go on, cancel (6001), or it fails (4000). */
type WalletChoice = 'pay' | 'cancel' | 'fail';
const RESULT_CODES: Record<WalletChoice, string> = { pay: '9000', cancel: '6001', fail: '4000' };

describe('Alipay mini-program: login, order, deposit freeze and first bill with my.tradePay', () => {
  let alipay: LocalAlipay;
  let server: RunningServer;
  let host: FakeHost;
  let api: ApiCall;
  let orderId = 0;
  let walletChoice: WalletChoice = 'pay';
  const walletSaw: (TradePayParams & { signatureValid?: boolean })[] = [];
  const rejections: string[] = [];
  const onRejection = (reason: unknown) => rejections.push(String(reason));

  /**
   * The Alipay client's side of my.tradePay. An order string is only authorised when its RSA2
   * signature is the app's (over every field but `sign`, sorted); a trade number is paid. The
   * gateway then notifies the server asynchronously.
   */
  async function tradePay(params: TradePayParams): Promise<string> {
    if (params.orderStr) {
      const fields = Object.fromEntries(new URLSearchParams(params.orderStr));
      const signatureValid =
        fields.sign_type === 'RSA2' &&
        createVerify('RSA-SHA256')
          .update(signContent(fields, ['sign']), 'utf8')
          .verify(alipay.appPublicKey, fields.sign ?? '', 'base64');
      walletSaw.push({ ...params, signatureValid });
      if (!signatureValid) return '4000';
      if (walletChoice === 'pay') alipay.authorise(params.orderStr, { creditAmount: WAIVED });
      return RESULT_CODES[walletChoice];
    }
    walletSaw.push(params);
    if (walletChoice === 'pay') alipay.pay(params.tradeNO ?? '');
    return RESULT_CODES[walletChoice];
  }

  const order = async () => ok(await api<OrderDetail>(`/api/order/detail/${orderId}`));
  /** The first payment: the first rent (the deposit is frozen, not paid). */
  const firstBills = async () => (await order()).bills.filter((b) => b.kind === 'FIRST');

  before(async () => {
    process.on('unhandledRejection', onRejection);
    assert.ok(fs.existsSync(path.join(dir, 'app.json')), `${dir} is not built`);
    alipay = await startLocalAlipay();
    server = await startServer({
      h5: false,
      env: alipay.env({ ALIPAY_CREDIT_SERVICE_ID: '2026000000000000000000000517' }),
    });
    host = new FakeHost(
      dir,
      'alipay',
      server.baseUrl,
      // What the app kept from that session (src/platform/storage.ts keys).
      { 'token:1': ENDED_SESSION, userInfo: { mobile: MOBILE } },
      {
        login: () => alipay.issueAuthCode(ALIPAY_USER).code,
        phoneNumber: () => alipay.phoneNumberResponse(MOBILE),
        tradePay,
      },
    );
    host.launch();
  });

  after(async () => {
    process.off('unhandledRejection', onRejection);
    host?.close();
    await server?.stop();
    await alipay?.close();
  });

  it('sent to log in by a rejected session, logs in with the phone-number button: the encrypted number and the auth code', async () => {
    const login = await mini.loginAfterRejectedSession(host);
    // Alipay has no host privacy hook: the app's own notice comes before the number is asked.
    await login.tap('consent-dialog__agree');
    const button = await login.waitFor('form-submit', '手机号');
    await login.fire(button, 'getAuthorize');
    const stored = await mini.newSessionStored(host, ENDED_SESSION);
    assert.match(mini.lastNavigation(host, /^reLaunch /), /^\/pages\/myOrder\/myOrder/);
    api = apiWithToken(server.baseUrl, stored);
    const me = ok(await api<{ mobile?: string }>('/api/user/info'));
    assert.equal(me.mobile, MOBILE, 'the number decrypted from my.getPhoneNumber');
    assert.ok(
      alipay.calls.some((c) => c.method === 'alipay.system.oauth.token'),
      'the auth code was exchanged at the gateway',
    );
    // Logged in by the button, the user meets the policy prompt once, and agrees.
    await agreePolicyPrompt(host);
    const consents = ok(await api<{ kind: string; pending: boolean }[]>('/api/privacy/consents'));
    assert.equal(consents.find((c) => c.kind === 'privacy_policy')?.pending, false);
    assert.deepEqual(host.errors, []);
  });

  it('places an order with the deposit to be frozen, then verifies and signs on the screens', async () => {
    const checkout = await mini.openConfirmPage(host, api, MOBILE);
    await checkout.tap('checkout-method', '预授权冻结');
    orderId = await mini.submitOrder(host, checkout);
    assert.equal((await order()).depositMethod, 'freeze');
    const handedTo = await verifyOnScreens(host, server.baseUrl, 717);
    assert.equal(handedTo.route, 'pages/alipay/aliSign', 'a freeze order goes on to the freeze');
    assert.equal((await order()).status, 'PENDING_FREEZE');
    assert.deepEqual(host.errors, []);
  });

  it('authorises the freeze with my.tradePay({ orderStr }): credit waives part, the screen says so', async () => {
    walletChoice = 'pay';
    const deposit = (await order()).deposit;
    const freeze = await host.show(`/pages/alipay/aliSign?orderId=${orderId}`);
    await freeze.tap('form-submit', '授权冻结押金');
    const saw = walletSaw[walletSaw.length - 1];
    assert.ok(saw?.orderStr, 'the app handed the wallet the order string');
    assert.equal(saw.signatureValid, true, 'signed with the app key');
    const fields = new URLSearchParams(saw.orderStr);
    assert.equal(fields.get('method'), 'alipay.fund.auth.order.app.freeze');
    // The app waits for the notification, then comes back to the freeze screen.
    const frozen = await mini.followTo(host, /redirectTo /, '押金已冻结', () => alipay.settled());
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    await frozen.waitForText(`信用减免 ¥${yuan(WAIVED)}，实际冻结 ¥${yuan(deposit - WAIVED)}`);
    const after = await order();
    assert.equal(after.status, 'PENDING_PAY');
    assert.equal(after.depositAuthorisation?.waived, WAIVED);
    assert.deepEqual(host.errors, []);
  });

  it('a user who cancels in the wallet (6001) is told so, and still owes the bill', async () => {
    walletChoice = 'cancel';
    await mini.payFromOrderPage(host, orderId);
    const tradeNo = walletSaw[walletSaw.length - 1]?.tradeNO;
    assert.ok(tradeNo, 'the app handed the wallet the trade number');
    const outTradeNo = await mini.expectPaymentFailed(host, 'cancel', '您已取消支付，订单仍待支付');
    const trade = alipay.trade(outTradeNo);
    assert.equal(trade?.tradeNo, tradeNo, 'the trade the wallet was handed');
    assert.equal(trade?.status, 'WAIT_BUYER_PAY', 'nothing paid at Alipay');
    assert.ok((await firstBills()).every((b) => b.status !== 'paid' && b.outstanding > 0));
    assert.equal((await order()).status, 'PENDING_PAY');
  });

  it('a payment the wallet fails (4000) says so, and the bill stays payable', async () => {
    walletChoice = 'fail';
    await mini.payFromOrderPage(host, orderId);
    const outTradeNo = await mini.expectPaymentFailed(host, 'fail', '支付平台未能完成扣款');
    assert.equal(alipay.trade(outTradeNo)?.status, 'WAIT_BUYER_PAY', 'nothing paid at Alipay');
    assert.ok((await firstBills()).every((b) => b.status !== 'paid'));
    const rows = await mini.billRows(host, orderId);
    assert.ok(rows.length > 0 && rows.every((row) => !row.paid), JSON.stringify(rows));
  });

  it('pays the first bill with my.tradePay({ tradeNO }): paid once the notification is in', async () => {
    walletChoice = 'pay';
    const owed = (await firstBills()).reduce((sum, b) => sum + b.outstanding, 0);
    await mini.payFromOrderPage(host, orderId, owed);
    const tradeNo = walletSaw[walletSaw.length - 1]?.tradeNO ?? '';
    // The app waits for the notification on the loading page, then shows the result.
    const page = await mini.followTo(host, /redirectTo .*loading/, '下单成功', () =>
      alipay.settled(),
    );
    const trade = alipay.deliveries
      .map((d) => alipay.trade(d.fields.out_trade_no ?? ''))
      .find((t) => t?.tradeNo === tradeNo);
    assert.equal(page.route, 'pages/orderSuccess/orderSuccess');

    assert.ok(trade, 'the trade the wallet paid was notified');
    assert.equal(trade.amount, owed);
    assert.equal(trade.status, 'TRADE_SUCCESS');
    const bills = await firstBills();
    assert.ok(
      bills.every((b) => b.status === 'paid' && b.outTradeNo === trade.outTradeNo),
      JSON.stringify(bills),
    );
    const notified = alipay.deliveries.filter((d) => d.fields.out_trade_no === trade.outTradeNo);
    assert.deepEqual(
      notified.map((d) => d.answers),
      [['success']],
      'one notification, accepted once',
    );
    const rows = await mini.billRows(host, orderId);
    assert.equal(rows.filter((row) => row.paid).length, bills.length, JSON.stringify(rows));
    assert.ok(
      rows.some((row) => !row.paid),
      'later instalments stay owed',
    );
    assert.deepEqual(alipay.badSignatures, []);
    assert.deepEqual(host.errors, []);
    assert.deepEqual(rejections, [], 'unhandled promise rejections in the app');
  });
});
