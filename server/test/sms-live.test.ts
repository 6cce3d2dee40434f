// engines: pglite (provider protocol: no engine difference)
/**
 * Live SMS (Alibaba Cloud, through its SDK) against a local dysmsapi that checks the SDK's
 * ACS3-HMAC-SHA256 signature: login codes arrive under the brand's sign name and the login
 * template, still hashed, expiring and single use here; our own limits per mobile and IP still
 * come first; Alibaba's throttling is a 429, its failures a 503 and the code then never works;
 * notices use their own templates and the delivery receipt is read back. Every message sent is
 * recorded without its number in the clear, and the sms-receipts job stores what the carrier
 * reports: delivered, failed with its code, or still waiting (asked again later); a query
 * refused for its signature leaves the message pending.
 * Engine-independent: one pass (PGlite).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { smsSettingsFrom } from '../src/boot/live-settings.ts';
import { ProviderError } from '../src/providers/errors.ts';
import { LiveSms } from '../src/providers/sms/live.ts';
import { pollSmsReceipts } from '../src/providers/sms/receipts.ts';
import { onlyOn, startTestServer, type TestServer } from './helpers.ts';
import { nextMobile } from './order-fixtures.ts';
import { FakeAliyunSms } from './sms-server.ts';

const ACCESS_KEY_ID = 'LTAI5tTestAccessKey';
const ACCESS_KEY_SECRET = `secret-${Math.random().toString(36).slice(2)}`;
const TEMPLATES = {
  SMS_TEMPLATE_LOGIN_CODE: 'SMS_100000001',
  SMS_TEMPLATE_BILL_REMINDER: 'SMS_100000002',
  SMS_TEMPLATE_BILL_DUE_TODAY: 'SMS_100000003',
  SMS_TEMPLATE_OVERDUE_NOTICE: 'SMS_100000004',
};

describe('SMS live (Alibaba Cloud)', { skip: onlyOn('pglite') }, () => {
  const aliyun = new FakeAliyunSms(ACCESS_KEY_ID, ACCESS_KEY_SECRET, {
    signNames: ['租机乐', '三号品牌'],
    templates: Object.values(TEMPLATES),
  });
  let server: TestServer;
  let env: Record<string, string>;
  const login = { 'x-user-type': 'app' };

  before(async () => {
    await aliyun.start();
    env = {
      SMS_PROVIDER: 'live',
      SMS_ENDPOINT: aliyun.endpoint,
      ALIBABA_CLOUD_ACCESS_KEY_ID: ACCESS_KEY_ID,
      ALIBABA_CLOUD_ACCESS_KEY_SECRET: ACCESS_KEY_SECRET,
      SMS_SIGN_NAME: '租机乐',
      SMS_SIGN_NAME_3: '三号品牌',
      SMS_TIMEOUT_MS: '1500',
      ...TEMPLATES,
    };
    server = await startTestServer({ env });
  });
  after(async () => {
    await server?.close();
    await aliyun.close();
  });

  const sendCode = (mobile: string, platform = 1) =>
    server.request('POST', '/api/login/sendCode', { body: { mobile }, platform, headers: login });

  test('a login code arrives under the brand’s sign name and logs in once; it is never logged', async () => {
    const mobile = nextMobile();
    assert.equal((await sendCode(mobile)).status, 200);
    const message = aliyun.sent.at(-1)!;
    assert.equal(message.phone, mobile);
    assert.equal(message.signName, '租机乐');
    assert.equal(message.templateCode, TEMPLATES.SMS_TEMPLATE_LOGIN_CODE);
    const code = message.params.code!;
    assert.match(code, /^\d{6}$/);
    const stored = await server.db
      .selectFrom('sms_codes')
      .select('code_hash')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    assert.notEqual(stored.code_hash, code);
    const first = await server.request<{ token: string }>('POST', '/api/login/loginForSms', {
      body: { mobile, code },
      headers: login,
    });
    assert.equal(first.body.code, 200);
    const again = await server.request('POST', '/api/login/loginForSms', {
      body: { mobile, code },
      headers: login,
    });
    assert.equal(again.status, 400);
    assert.ok(!server.logs().includes(code), 'the code reached the log');
    assert.ok(!server.logs().includes(ACCESS_KEY_SECRET));
    // Brand 3 signs with its own name.
    const other = nextMobile();
    await sendCode(other, 3);
    assert.equal(aliyun.sent.at(-1)!.signName, '三号品牌');
    assert.equal(aliyun.badSignatures, 0);
  });

  test('our limits per mobile still come first: a second send within the minute never reaches Alibaba', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const before = aliyun.sent.length;
    assert.equal((await sendCode(mobile)).status, 429);
    assert.equal(aliyun.sent.length, before);
  });

  test('Alibaba throttling is a 429, its failure or silence a 503; the code never works', async () => {
    for (const [failure, status] of [
      [{ code: 'isv.BUSINESS_LIMIT_CONTROL' }, 429],
      [{ http: 500 }, 503],
      ['timeout', 503],
    ] as const) {
      const mobile = nextMobile();
      aliyun.failNext(failure);
      const reply = await sendCode(mobile);
      assert.equal(
        reply.status,
        status,
        `${JSON.stringify(failure)}: ${JSON.stringify(reply.body)}`,
      );
      const row = await server.db
        .selectFrom('sms_codes')
        .select('burnt_at')
        .where('mobile', '=', mobile)
        .executeTakeFirstOrThrow();
      assert.ok(row.burnt_at, 'a code that was not sent must not work');
    }
  });

  test('a wrong access key secret is refused by the signature check', async () => {
    const wrong = new LiveSms(
      smsSettingsFrom({ ...env, ALIBABA_CLOUD_ACCESS_KEY_SECRET: 'not-the-secret' }),
    );
    const before = aliyun.badSignatures;
    await assert.rejects(
      wrong.sendLoginCode(nextMobile(), '123456', () => undefined),
      (error: unknown) => error instanceof ProviderError && error.kind === 'unavailable',
    );
    assert.equal(aliyun.badSignatures, before + 1);
  });

  test('notices use their purpose’s template; the delivery receipt is read back', async () => {
    const sms = new LiveSms(smsSettingsFrom(env));
    const mobile = nextMobile();
    const sentAt = new Date();
    const { messageId } = await sms.sendNotice({
      mobile,
      platform: 3,
      purpose: 'overdue_notice',
      params: { amount: '199.00', orderId: '42' },
    });
    const message = aliyun.sent.at(-1)!;
    assert.equal(message.templateCode, TEMPLATES.SMS_TEMPLATE_OVERDUE_NOTICE);
    assert.deepEqual(message.params, { amount: '199.00', orderId: '42' });
    assert.equal(message.bizId, messageId);
    assert.deepEqual(await sms.delivery(mobile, messageId, sentAt), {
      status: 'delivered',
      carrierCode: 'DELIVERED',
    });
    message.status = 2;
    assert.equal((await sms.delivery(mobile, messageId, sentAt)).status, 'failed');
    await assert.rejects(
      sms.sendNotice({ mobile: '12345', platform: 1, purpose: 'bill_reminder', params: {} }),
      (error: unknown) => error instanceof ProviderError && error.kind === 'rejected',
    );
  });

  const recordOf = (bizId: string) =>
    server.db
      .selectFrom('sms_messages')
      .selectAll()
      .where('biz_id', '=', bizId)
      .executeTakeFirstOrThrow();
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const poll = (minutes: number) => pollSmsReceipts(server.app.deps, minutesFromNow(minutes));

  test('every message is recorded without its number; the job stores delivered, and failed with its code', async () => {
    const delivered = nextMobile();
    await sendCode(delivered, 3);
    const first = aliyun.sent.at(-1)!;
    aliyun.receiptOfNew = { status: 2, errCode: 'IC:0015' };
    const failed = nextMobile();
    await sendCode(failed);
    aliyun.receiptOfNew = { status: 3 };
    const second = aliyun.sent.at(-1)!;
    const record = await recordOf(first.bizId);
    assert.equal(record.purpose, 'login_code');
    assert.equal(record.platform, 3);
    assert.equal(record.template_code, TEMPLATES.SMS_TEMPLATE_LOGIN_CODE);
    assert.equal(record.status, 'pending');
    assert.equal(record.mobile_masked, `${delivered.slice(0, 3)}****${delivered.slice(7)}`);
    assert.ok(!JSON.stringify(record).includes(delivered), 'the number is stored in the clear');
    // Not asked before its first check is due.
    await poll(0);
    assert.equal((await recordOf(first.bizId)).status, 'pending');
    await poll(3);
    const done = await recordOf(first.bizId);
    assert.equal(done.status, 'delivered');
    assert.equal(done.carrier_code, 'DELIVERED');
    assert.equal(done.mobile_sealed, null, 'the sealed number is kept after the final receipt');
    const refused = await recordOf(second.bizId);
    assert.equal(refused.status, 'failed');
    assert.equal(refused.carrier_code, 'IC:0015');
  });

  test('cancelling the account erases the number of its messages still waiting for a receipt', async () => {
    aliyun.receiptOfNew = { status: 1 };
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = aliyun.sent.at(-1)!.params.code!;
    const session = await server.request<{ token: string }>('POST', '/api/login/loginForSms', {
      body: { mobile, code },
      headers: login,
    });
    await sendCode(nextMobile()); // someone else's, waiting too
    aliyun.receiptOfNew = { status: 3 };
    const [mine, theirs] = aliyun.sent.slice(-2);
    assert.notEqual((await recordOf(mine!.bizId)).mobile_sealed, null);
    const cancelled = await server.request('POST', '/api/privacy/account/cancel', {
      token: session.body.data.token,
      body: { confirm: '注销' },
    });
    assert.equal(cancelled.body.code, 200, JSON.stringify(cancelled.body));
    const erased = await recordOf(mine!.bizId);
    assert.equal(erased.status, 'expired');
    assert.equal(erased.mobile_sealed, null);
    assert.notEqual((await recordOf(theirs!.bizId)).mobile_sealed, null, 'another number erased');
  });

  test('a receipt still waiting is asked again later; a query refused for its signature loses nothing', async () => {
    aliyun.receiptOfNew = { status: 1 };
    await sendCode(nextMobile());
    aliyun.receiptOfNew = { status: 3 };
    const waiting = aliyun.sent.at(-1)!;
    await poll(3);
    const once = await recordOf(waiting.bizId);
    assert.equal(once.status, 'pending');
    assert.equal(once.checks, 1);
    await poll(4); // its next check is not due yet
    assert.equal((await recordOf(waiting.bizId)).checks, 1);
    aliyun.setReceipt(waiting.bizId, { status: 3 });
    // Alibaba's key was rotated: the query is refused for its signature.
    aliyun.rotateSecret('a-rotated-secret');
    const refusedBefore = aliyun.badSignatures;
    try {
      const report = await poll(30);
      assert.ok(aliyun.badSignatures > refusedBefore);
      assert.ok(report.errors.length > 0);
    } finally {
      aliyun.rotateSecret(ACCESS_KEY_SECRET);
    }
    const kept = await recordOf(waiting.bizId);
    assert.equal(kept.status, 'pending');
    assert.match(kept.last_error ?? '', /SignatureDoesNotMatch/);
    assert.notEqual(kept.mobile_sealed, null);
    await poll(90);
    const delivered = await recordOf(waiting.bizId);
    assert.equal(delivered.status, 'delivered');
    assert.equal(delivered.last_error, null);
  });
});
