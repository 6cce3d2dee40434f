// engines: postgres (protocol and signatures only: one pass)
/**
 * The live Alipay adapter in certificate mode, against the local gateway in certificate mode:
 * certificates made at test time with the openssl CLI (alipay-gateway/certificates.ts). The
 * gateway refuses a request whose app_cert_sn or alipay_root_cert_sn is not the app's or the
 * root's (RSA roots only), signs its answers with the key of "Alipay's" certificate and names
 * that certificate; the adapter verifies answers and notifications with the public key of the
 * Alipay public-key certificate. No database: one pass.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AlipayLiveGateway } from '../src/payments/alipay-live.ts';
import { alipaySettingsFrom } from '../src/boot/live-settings.ts';
import { ProviderError } from '../src/providers/errors.ts';
import { startLocalAlipay, type LocalAlipay } from './alipay-gateway/index.ts';
import { onlyOn } from './helpers.ts';

/** Notifications go nowhere: the test reads the signed fields from the gateway's deliveries. */
const NOWHERE = 'http://127.0.0.1:9/pay/notify/alipay/1';

const adapterFor = (env: Record<string, string>) => {
  const settings = alipaySettingsFrom(env);
  return new AlipayLiveGateway(settings.merchant(1), settings, () => NOWHERE);
};

describe('Alipay certificate mode', { skip: onlyOn('postgres') }, () => {
  let alipay: LocalAlipay;
  let other: LocalAlipay;

  before(async () => {
    [alipay, other] = await Promise.all([
      startLocalAlipay({ certificates: true, retryDelaysMs: [] }),
      startLocalAlipay({ certificates: true, retryDelaysMs: [] }),
    ]);
  });
  after(async () => {
    await alipay?.close();
    await other?.close();
  });

  test('trades, the freeze order string and notifications work with certificates only', async () => {
    const env = alipay.env();
    assert.equal(env.ALIPAY_PUBLIC_KEY, undefined, 'public-key mode, not certificate mode');
    const adapter = adapterFor(env);
    const { tradeNo } = await adapter.createTrade({
      outTradeNo: 'PTCERT0001',
      amount: 12_300,
      subject: '租金',
      buyer: { userId: '2088000000000001' },
    });
    assert.ok(tradeNo);
    assert.deepEqual(alipay.badCertificates, []);
    assert.equal((await adapter.queryTrade('PTCERT0001'))?.status, 'open');
    // The wallet checks the freeze order string's certificate SNs as the gateway does.
    const orderStr = adapter.freezeOrder({
      outRequestNo: 'FZCERT0001',
      amount: 50_000,
      title: '押金',
    });
    assert.match(orderStr, /app_cert_sn=/);
    assert.equal(alipay.authorise(orderStr).amount, 50_000);
    // The trade's notification, signed by "Alipay", verifies with its certificate's key.
    alipay.pay(tradeNo);
    await alipay.settled();
    const notice = alipay.deliveries.find((d) => d.fields.out_trade_no === 'PTCERT0001')!;
    assert.equal(adapter.verify(notice.fields), true);
    assert.equal(adapter.verify({ ...notice.fields, total_amount: '1.00' }), false);
    assert.equal((await adapter.queryTrade('PTCERT0001'))?.status, 'paid');
  });

  test('another app certificate is refused by the gateway; an answer signed under another certificate by the adapter', async () => {
    const foreignAppCert = adapterFor(
      alipay.env({ ALIPAY_APP_CERT_PATH: other.certificates!.appCertPath }),
    );
    const refusedBefore = alipay.badCertificates.length;
    await assert.rejects(
      foreignAppCert.queryTrade('PTCERT0001'),
      (error: unknown) =>
        error instanceof ProviderError &&
        error.kind === 'unavailable' &&
        /isv\.app-cert-sn-invalid/.test(error.message),
    );
    assert.equal(alipay.badCertificates.length, refusedBefore + 1);

    const foreignRoot = adapterFor(
      alipay.env({ ALIPAY_ROOT_CERT_PATH: other.certificates!.alipayRootCertPath }),
    );
    await assert.rejects(foreignRoot.queryTrade('PTCERT0001'), /alipay-root-cert-sn-invalid/);

    // Trusting another Alipay certificate, the adapter cannot verify this gateway's answers.
    const foreignAlipayCert = adapterFor(
      alipay.env({ ALIPAY_PUBLIC_CERT_PATH: other.certificates!.alipayPublicCertPath }),
    );
    await assert.rejects(
      foreignAlipayCert.queryTrade('PTCERT0001'),
      (error: unknown) => error instanceof ProviderError && error.kind === 'unavailable',
    );
  });
});
