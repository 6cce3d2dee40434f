// engines: postgres (no database: one pass)
/**
 * The live Alipay adapter's protocol, against the local gateway answering as Alipay documents:
 * timestamps in Beijing time whatever the process's TZ (calls, the freeze order string, the
 * wap.pay URL), oauth.token's success without `code`, Alipay's unsigned `error_response`, answers
 * without a signature (never believed) and signed ones (always verified), and payment from the
 * frozen deposit as alipay.trade.pay documents it. No database: one pass (PostgreSQL's).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AlipayLiveGateway } from '../src/payments/alipay-live.ts';
import { LiveAlipay } from '../src/providers/alipay/live.ts';
import { alipaySettingsFrom } from '../src/boot/live-settings.ts';
import { ProviderError } from '../src/providers/errors.ts';
import { startLocalAlipay, type LocalAlipay } from './alipay-gateway/index.ts';
import { onlyOn } from './helpers.ts';

/** Notifications go nowhere: the tests read the signed fields from the gateway's deliveries. */
const NOWHERE = 'http://127.0.0.1:9/pay/notify/alipay/1';

const unavailable = (pattern: RegExp) => (error: unknown) =>
  error instanceof ProviderError && error.kind === 'unavailable' && pattern.test(error.message);

/** Runs `body` with the process in another time zone (Node reads TZ again when it is set). */
async function inZone<T>(zone: string, body: () => Promise<T>): Promise<T> {
  const original = process.env.TZ;
  process.env.TZ = zone;
  try {
    return await body();
  } finally {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  }
}

describe('Alipay protocol', { skip: onlyOn('postgres') }, () => {
  let alipay: LocalAlipay;
  let gateway: AlipayLiveGateway;
  let login: LiveAlipay;
  let serial = 0;
  const number = (prefix: string) => `${prefix}${Date.now()}${String(++serial).padStart(4, '0')}`;

  before(async () => {
    alipay = await startLocalAlipay({ retryDelaysMs: [] });
    const settings = alipaySettingsFrom(alipay.env());
    gateway = new AlipayLiveGateway(settings.merchant(1), settings, () => NOWHERE);
    login = new LiveAlipay(settings);
  });
  after(async () => {
    await alipay?.close();
  });

  /** A deposit frozen in the wallet from the adapter's order string. */
  function frozenDeposit(amount = 50_000) {
    const outRequestNo = number('FZ');
    const auth = alipay.authorise(gateway.freezeOrder({ outRequestNo, amount, title: '押金' }));
    return { auth, outRequestNo };
  }

  // UTC: containers and most cloud hosts; the others 2.5 h, 15-16 h and 6 h away from Beijing.
  const zones: [string, number[]][] = [
    ['UTC', [0]],
    ['Asia/Kolkata', [-330]],
    ['America/Los_Angeles', [420, 480]],
    ['Pacific/Kiritimati', [-840]],
  ];
  for (const [zone, offsets] of zones) {
    test(`in ${zone}, calls, the freeze order string and the wap.pay URL carry Beijing time`, async () => {
      await inZone(zone, async () => {
        assert.ok(
          offsets.includes(new Date().getTimezoneOffset()),
          `the process really runs in ${zone} (offset ${new Date().getTimezoneOffset()})`,
        );
        const outTradeNo = number('PT');
        const { tradeNo } = await gateway.createTrade({
          outTradeNo,
          amount: 12_300,
          subject: '租金',
          buyer: { userId: '2088000000000001' },
        });
        assert.equal((await gateway.queryTrade(outTradeNo))?.tradeNo, tradeNo);
        const { auth } = frozenDeposit();
        assert.equal(auth.amount, 50_000, 'the wallet took the order string');
        const wapTrade = number('PT');
        const cashier = await alipay.openCashier(
          gateway.wapPayUrl({
            outTradeNo: wapTrade,
            amount: 4_500,
            subject: '租金',
            returnUrl: 'http://127.0.0.1/back',
            quitUrl: 'http://127.0.0.1/quit',
          }),
        );
        assert.equal(cashier.amount, '45.00');
        const { code, userId } = alipay.issueAuthCode();
        assert.equal((await login.exchangeAuthCode(code)).userId, userId);
      });
      assert.deepEqual(alipay.staleTimestamps, [], 'no timestamp was refused as stale');
    });
  }

  test('oauth.token: its documented success (no code) logs in; a used code is the user’s error', async () => {
    const { code, userId, openId } = alipay.issueAuthCode();
    assert.deepEqual(await login.exchangeAuthCode(code), { userId, openId });
    // Used, and never issued: Alipay's unsigned error_response, 40002 isv.code-invalid.
    for (const bad of [code, 'acNEVERISSUED'])
      await assert.rejects(
        login.exchangeAuthCode(bad),
        (error: unknown) => error instanceof ProviderError && error.kind === 'rejected',
      );
  });

  test('a signed error_response is verified: a good one is read, a bad signature is not believed', async () => {
    alipay.signErrorResponses = true;
    try {
      await assert.rejects(
        login.exchangeAuthCode('acNEVERISSUED'),
        (error: unknown) => error instanceof ProviderError && error.kind === 'rejected',
      );
      alipay.failNext('alipay.system.oauth.token', 'bad-signature');
      await assert.rejects(login.exchangeAuthCode('acNEVERISSUED'), unavailable(/验签失败/));
    } finally {
      alipay.signErrorResponses = false;
    }
  });

  test('an unsigned answer is never believed, whatever it says', async () => {
    const outTradeNo = number('PT');
    // Code 10000 with a trade number, but no signature: not a trade we may hand to the wallet.
    alipay.failNext('alipay.trade.create', 'unsigned');
    const opened = {
      outTradeNo,
      amount: 8_800,
      subject: '租金',
      buyer: { userId: '2088000000000002' },
    };
    await assert.rejects(gateway.createTrade(opened), unavailable(/unsigned answer 10000/));
    // Asked again, signed: the same trade (Alipay opened it), now believed.
    const { tradeNo } = await gateway.createTrade(opened);
    assert.equal(alipay.trade(outTradeNo)?.tradeNo, tradeNo);
    // An unsigned business refusal is not final either: a trade is not "gone" on its word.
    alipay.failNext('alipay.trade.query', 'unsigned');
    await assert.rejects(gateway.queryTrade(outTradeNo), unavailable(/unsigned answer/));
    alipay.failNext('alipay.trade.query', 'unsigned');
    await assert.rejects(gateway.queryTrade(number('PT')), unavailable(/ACQ\.TRADE_NOT_EXIST/));
    // A signed answer whose signature fails is not believed either.
    alipay.failNext('alipay.trade.query', 'bad-signature');
    await assert.rejects(gateway.queryTrade(outTradeNo), unavailable(/验签失败/));
    assert.equal((await gateway.queryTrade(outTradeNo))?.status, 'open');
  });

  test('payment from the deposit is trade.pay PRE_AUTH_ONLINE, with the payer and the seller', async () => {
    const { auth, outRequestNo } = frozenDeposit(30_000);
    const outTradeNo = number('PA');
    await gateway.payFromAuth({
      outTradeNo,
      amount: 10_000,
      subject: '订单 1 押金抵扣',
      authNo: auth.authNo,
      authRequestNo: outRequestNo,
    });
    const call = alipay.calls.filter((c) => c.method === 'alipay.trade.pay').at(-1)!;
    assert.equal(call.biz.product_code, 'PRE_AUTH_ONLINE');
    assert.equal(call.biz.auth_no, auth.authNo);
    assert.equal(call.biz.buyer_id, auth.payerUserId, 'the payer of the authorisation');
    assert.equal(call.biz.seller_id, alipay.pid, 'ALIPAY_PAYEE_USER_ID');
    const trade = alipay.trade(outTradeNo)!;
    assert.equal(trade.status, 'TRADE_SUCCESS');
    assert.equal(alipay.authorisation(auth.authNo)!.rest, 20_000);
    // Asked again after it went through: nothing more is taken.
    await gateway.payFromAuth({
      outTradeNo,
      amount: 10_000,
      subject: '订单 1 押金抵扣',
      authNo: auth.authNo,
      authRequestNo: outRequestNo,
    });
    assert.equal(alipay.authorisation(auth.authNo)!.rest, 20_000);
  });

  test('the freeze notification names the app in auth_app_id, and the adapter reads it as ours', async () => {
    const { auth } = frozenDeposit(20_000);
    await alipay.settled();
    const notice = alipay.deliveries.find(
      (d) => d.fields.notify_type === 'fund_auth_freeze' && d.fields.auth_no === auth.authNo,
    )!;
    assert.equal(notice.fields.app_id, undefined, 'the documented fields have no app_id');
    assert.equal(notice.fields.auth_app_id, alipay.appId);
    assert.equal(gateway.verify(notice.fields), true);
    const read = gateway.interpret(notice.fields);
    assert.equal(read.app_id, gateway.merchantId);
    assert.equal(read.notify_type, 'freeze');
    assert.equal(read.status, 'SUCCESS');
  });
});
