// engines: both (configuration refusals run in the PGlite pass, the signing key between processes in the PostgreSQL one)
/**
 * Production never runs a sandbox: with APP_ENV=production the configuration is refused, with
 * every reason listed at once (each provider not live, each missing or default secret, each
 * test-only setting), and `main.ts` / `worker.ts` exit at start-up printing that list. Set-ups of
 * several processes are refused without what they need. The sandbox's signing key is random per
 * process unless configured, so one server's signature is worthless to another.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { describe, test } from 'node:test';
import {
  ConfigError,
  PROVIDER_KEYS,
  PROVIDER_SETTINGS,
  loadConfig,
  type Config,
} from '../src/boot/config.ts';
import { DEVELOPMENT_DATA_KEY } from '../src/lib/sealed.ts';
import { onlyOn, REPO_ROOT, startTestServer } from './helpers.ts';
import { TEST_NODE_ARGS } from './node-args.ts';
import { sandboxes } from './order-fixtures.ts';
import { wechatLiveEnv, wechatTestKeys } from './wechat-fixtures.ts';

/** The problems a configuration is refused for (fails the test when it is accepted). */
function refusal(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.problems;
  }
  assert.fail('the configuration was accepted');
}

const ALL_LIVE = Object.fromEntries(
  PROVIDER_KEYS.map((key) => [PROVIDER_SETTINGS[key].variable, 'live']),
);

/** Everything production needs that does not depend on a provider. */
const PRODUCTION_BASICS = {
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://app@db.internal:5432/rental',
  CLIENT_SECRET: 'a-client-secret-of-our-own',
  KYC_HASH_KEY: 'a-hash-key-of-our-own-0123456789',
  NOTIFY_BASE_URL: 'https://api.example.com',
  PUBLIC_BASE_URL: 'https://shop.example.com',
  OAUTH_REDIRECT_HOSTS: 'shop.example.com',
  SUBSCRIBE_TEMPLATES: JSON.stringify({ 1: { wechat: { bill_reminder: 'tmpl-approved-1' } } }),
  CHAT_SCRIPT_URL_9: 'https://chat.provider.example/widget.js',
};

// Configuration and start-up checks: the same on either engine, so in one pass each.
describe('APP_ENV=production', { skip: onlyOn('pglite') }, () => {
  test('with the defaults it refuses, naming every sandbox provider and every missing secret', () => {
    const problems = refusal({ APP_ENV: 'production' });
    for (const key of PROVIDER_KEYS) {
      const { variable } = PROVIDER_SETTINGS[key];
      assert.ok(
        problems.some((p) => p.startsWith(`${variable} is sandbox`)),
        `${variable} not named in:\n${problems.join('\n')}`,
      );
    }
    for (const name of [
      'DATABASE_URL',
      'CLIENT_SECRET',
      'KYC_HASH_KEY',
      'NOTIFY_BASE_URL',
      'PUBLIC_BASE_URL',
      'OAUTH_REDIRECT_HOSTS',
      'SUBSCRIBE_TEMPLATES',
      // Brand 9's online chat would be the development demo.
      'CHAT_SCRIPT_URL_9',
    ])
      assert.ok(
        problems.some((p) => p.startsWith(name)),
        `${name} not named in:\n${problems.join('\n')}`,
      );
    assert.equal(problems.length, PROVIDER_KEYS.length + 8);
  });

  test('one provider left at sandbox is named alone', () => {
    const problems = refusal({ ...PRODUCTION_BASICS, ...ALL_LIVE, SMS_PROVIDER: 'sandbox' });
    assert.ok(problems.some((p) => p.startsWith('SMS_PROVIDER is sandbox')));
    assert.ok(!problems.some((p) => p.includes('ALIPAY_PROVIDER is sandbox')));
  });

  test('a live provider this build has no adapter for is refused rather than half-run', () => {
    const problems = refusal({ ...PRODUCTION_BASICS, ...ALL_LIVE });
    const withoutAdapter = PROVIDER_KEYS.filter((key) => !PROVIDER_SETTINGS[key].liveSecrets);
    assert.equal(
      problems.filter((p) => /=live: this build has no live .* adapter yet$/.test(p)).length,
      withoutAdapter.length,
    );
  });

  test('live Alipay names each missing secret, and the public key or certificates', () => {
    const problems = refusal({ ...PRODUCTION_BASICS, ...ALL_LIVE });
    for (const secret of ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_AES_KEY'])
      assert.ok(
        problems.includes(`${secret} (or ${secret}_FILE) must be set for ALIPAY_PROVIDER=live`),
        problems.join('\n'),
      );
    assert.ok(problems.some((p) => p.startsWith('ALIPAY_PUBLIC_KEY, or all of')));
    const configured = refusal({
      ...PRODUCTION_BASICS,
      ...ALL_LIVE,
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: 'private-key',
      ALIPAY_PUBLIC_KEY: 'alipay-public-key',
      ALIPAY_AES_KEY: Buffer.alloc(16, 7).toString('base64'),
    });
    assert.ok(!configured.some((p) => p.includes('ALIPAY')), configured.join('\n'));
    const badAes = refusal({
      ...PRODUCTION_BASICS,
      ...ALL_LIVE,
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: 'private-key',
      ALIPAY_PUBLIC_KEY: 'alipay-public-key',
      ALIPAY_AES_KEY: 'too-short',
    });
    assert.ok(badAes.includes('ALIPAY_AES_KEY must be the base64 AES-128 key Alipay issued'));
  });

  test('WeChat and SMS live: every missing secret is named once, a brand may have its own', () => {
    const problems = refusal({ ...PRODUCTION_BASICS, ...ALL_LIVE });
    for (const key of ['wechat', 'sms'] as const)
      for (const secret of PROVIDER_SETTINGS[key].liveSecrets ?? [])
        assert.equal(
          problems.filter((p) => p.startsWith(`${secret} `)).length,
          1,
          `${secret} in:\n${problems.join('\n')}`,
        );
    assert.ok(
      problems.includes(
        'DATA_ENCRYPTION_KEY (or DATA_ENCRYPTION_KEY_FILE) must be set for SMS_PROVIDER=live and WECHAT_PROVIDER=live',
      ),
      problems.join('\n'),
    );
    const publicKey = refusal({
      ...PRODUCTION_BASICS,
      ...ALL_LIVE,
      DATA_ENCRYPTION_KEY: DEVELOPMENT_DATA_KEY,
    });
    assert.ok(publicKey.some((p) => p.startsWith('DATA_ENCRYPTION_KEY must be a key of your own')));
    // Brand 2 with its own app id, every other brand without one.
    const partly = refusal({ WECHAT_PROVIDER: 'live', WECHAT_APP_ID_2: 'wx-brand-2' });
    assert.ok(
      partly.includes(
        'WECHAT_APP_ID must be set (or WECHAT_APP_ID_<brand> for brands 1, 3, 4, 5, 6, 7, 8, 9)',
      ),
      partly.join('\n'),
    );
    assert.ok(partly.some((p) => p === 'WECHAT_APP_SECRET must be set for WECHAT_PROVIDER=live'));
  });

  test('a brand offering Pay Score without its settings is refused, naming the brand', () => {
    const wechat = wechatLiveEnv(wechatTestKeys(), {
      api: 'https://api.weixin.qq.com',
      pay: 'https://api.mch.weixin.qq.com',
    });
    const without = refusal({
      ...PRODUCTION_BASICS,
      ...ALL_LIVE,
      ...wechat,
      PAYSCORE_BRANDS: '1,3',
      WECHAT_PAYSCORE_SERVICE_ID_1: '2002000000000558128851361561536',
    });
    assert.ok(
      without.includes(
        'WECHAT_PAYSCORE_SERVICE_ID (or WECHAT_PAYSCORE_SERVICE_ID_<brand>) must be set for the Pay Score brands 3',
      ),
      without.join('\n'),
    );
    // Offered on a sandbox WeChat: there is no sandbox Pay Score to answer for it.
    const sandboxed = refusal({ ...PRODUCTION_BASICS, PAYSCORE_BRANDS: '2' });
    assert.ok(
      sandboxed.includes(
        'PAYSCORE_BRANDS offers Pay Score on brands 2: it needs WECHAT_PROVIDER=live',
      ),
      sandboxed.join('\n'),
    );
    // With every brand's service id, Pay Score is no longer among the problems.
    const complete = refusal({
      ...PRODUCTION_BASICS,
      ...ALL_LIVE,
      ...wechat,
      PAYSCORE_BRANDS: '1,3',
      WECHAT_PAYSCORE_SERVICE_ID: '2002000000000558128851361561536',
    });
    assert.ok(!complete.some((p) => /PAYSCORE/.test(p)), complete.join('\n'));
    // Outside production too, live WeChat needs the service id of a brand offering Pay Score.
    assert.ok(
      refusal({ ...wechat, PAYSCORE_BRANDS: '4' }).some((p) =>
        p.startsWith('WECHAT_PAYSCORE_SERVICE_ID'),
      ),
    );
    assert.ok(refusal({ PAYSCORE_BRANDS: '1,x' })[0]!.startsWith('PAYSCORE_BRANDS must list'));
  });

  test('live settings hold their secrets out of logs and JSON', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'live',
      ALIBABA_CLOUD_ACCESS_KEY_ID: 'LTAI-test-id',
      ALIBABA_CLOUD_ACCESS_KEY_SECRET: 'very-secret-access-key',
      SMS_SIGN_NAME: '租机乐',
      SMS_SIGN_NAME_3: '第三品牌',
      SMS_TEMPLATE_LOGIN_CODE: 'SMS_1',
      SMS_TEMPLATE_BILL_REMINDER: 'SMS_2',
      SMS_TEMPLATE_BILL_DUE_TODAY: 'SMS_3',
      SMS_TEMPLATE_OVERDUE_NOTICE: 'SMS_4',
    });
    assert.equal(config.smsLive?.signNames.get(3), '第三品牌');
    assert.equal(config.smsLive?.signNames.get(4), '租机乐');
    assert.equal(config.smsLive?.accessKeySecret.reveal(), 'very-secret-access-key');
    assert.doesNotMatch(JSON.stringify(config), /very-secret-access-key/);
    assert.doesNotMatch(inspect(config, { depth: 10 }), /very-secret-access-key/);
  });

  test('default and public secrets, short ops tokens and test settings are refused', () => {
    const problems = refusal({
      ...ALL_LIVE,
      APP_ENV: 'production',
      DATABASE_URL: 'postgres://app@db.internal:5432/rental',
      CLIENT_SECRET: 'storefront',
      KYC_HASH_KEY: 'rental-storefront/kyc/v1',
      NOTIFY_BASE_URL: 'http://api.example.com',
      PUBLIC_BASE_URL: 'http://shop.example.com',
      OAUTH_REDIRECT_HOSTS: 'shop.example.com,localhost',
      OPS_TOKEN: 'short',
      SANDBOX_SIGNING_KEY: 'anything',
      CRASH_AT: 'refund:after-call',
    });
    for (const start of [
      'CLIENT_SECRET',
      'KYC_HASH_KEY',
      'NOTIFY_BASE_URL',
      'PUBLIC_BASE_URL',
      'OAUTH_REDIRECT_HOSTS',
      'OPS_TOKEN',
      'SANDBOX_SIGNING_KEY',
      'CRASH_AT',
    ])
      assert.ok(
        problems.some((p) => p.startsWith(start)),
        `${start} not named in:\n${problems.join('\n')}`,
      );
  });

  test('subscribe-message template fields that show nothing we send are refused, naming them', () => {
    for (const [fields, named] of [
      ['{"tmpl-1": {"amount2": "balance"}}', /tmpl-1\.amount2 must be one of orderId, period/],
      ['{"tmpl-1": ["amount2"]}', /bad template tmpl-1/],
      ['not json', /SUBSCRIBE_TEMPLATE_FIELDS must be JSON/],
    ] as const) {
      const problems = refusal({ SUBSCRIBE_TEMPLATE_FIELDS: fields });
      assert.ok(
        problems.some((p) => named.test(p)),
        problems.join('\n'),
      );
    }
    const config = loadConfig({
      SUBSCRIBE_TEMPLATE_FIELDS: '{"tmpl-1": {"character_string1": "orderId"}}',
    });
    assert.deepEqual(config.subscribeTemplateFields, {
      'tmpl-1': { character_string1: 'orderId' },
    });
  });

  test('main.ts exits at start-up and prints the whole list', async () => {
    const { code, output } = await run('server/src/main.ts', { APP_ENV: 'production' });
    assert.equal(code, 1);
    assert.match(output, /server refused to start:/);
    for (const key of PROVIDER_KEYS)
      assert.match(output, new RegExp(`- ${PROVIDER_SETTINGS[key].variable} is sandbox`));
    assert.match(output, /- KYC_HASH_KEY must be set/);
    assert.doesNotMatch(output, /Server listening/);
  });
});

describe('NODE_ENV and APP_ENV', { skip: onlyOn('pglite') }, () => {
  test('NODE_ENV=production alone is production: the guard refuses the sandboxes', () => {
    const problems = refusal({ NODE_ENV: 'production' });
    assert.ok(
      problems.some((p) => p.startsWith('SMS_PROVIDER is sandbox')),
      problems.join('\n'),
    );
    assert.ok(problems.some((p) => p.startsWith('DATABASE_URL')));
  });

  test('a production NODE_ENV or APP_ENV beside a different other one is refused, naming both', () => {
    for (const env of [
      { NODE_ENV: 'production', APP_ENV: 'development' },
      { NODE_ENV: 'production', APP_ENV: 'test' },
      { NODE_ENV: 'development', APP_ENV: 'production' },
    ]) {
      const problems = refusal(env);
      assert.ok(
        problems.some((p) => /APP_ENV=\w+ and NODE_ENV=\w+ disagree/.test(p)),
        `${JSON.stringify(env)}: ${problems.join('\n')}`,
      );
    }
  });

  test('development is the mode only when nothing says otherwise, and says so at start', () => {
    assert.equal(loadConfig({}).appEnv, 'development');
    assert.equal(loadConfig({ NODE_ENV: 'development' }).appEnv, 'development');
    assert.equal(loadConfig({ NODE_ENV: 'test' }).appEnv, 'test');
    assert.equal(loadConfig({ APP_ENV: 'test', NODE_ENV: 'test' }).appEnv, 'test');
    assert.ok(
      loadConfig({}).warnings.some((w) => w.startsWith('APP_ENV is not set')),
      'an unset mode is named at start',
    );
    assert.deepEqual(loadConfig({ APP_ENV: 'development' }).warnings, []);
    assert.ok(refusal({ NODE_ENV: 'staging' }).some((p) => p.startsWith('NODE_ENV=staging')));
  });

  test('origins are origins: a path, a query or user info is refused', () => {
    for (const value of [
      'https://shop.example.com/app',
      'https://a@shop.example.com',
      'shop.example.com',
    ])
      assert.ok(
        refusal({ PUBLIC_BASE_URL: value }).some((p) =>
          p.startsWith('PUBLIC_BASE_URL must be an origin'),
        ),
        value,
      );
    assert.equal(
      loadConfig({ PUBLIC_BASE_URL: 'https://shop.example.com/' }).publicBaseUrl,
      'https://shop.example.com',
    );
  });

  test('a production-mode app serves no development route, even on a sandbox SMS provider', async () => {
    const server = await startTestServer({ appEnv: 'production' });
    try {
      const reply = await server.request('GET', '/dev/sms/last', {
        query: { mobile: '13800000000' },
      });
      assert.equal(reply.status, 404);
      assert.equal(reply.body.reason, 'ROUTE_NOT_FOUND');
    } finally {
      await server.close();
    }
  });

  test('main.ts with NODE_ENV=production and nothing else exits at start-up', async () => {
    // Were it to start, on a port and a data folder of its own.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-'));
    const { code, output } = await run('server/src/main.ts', {
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
    }).finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    assert.equal(code, 1);
    assert.match(output, /server refused to start:/);
    assert.match(output, /- SMS_PROVIDER is sandbox/);
    assert.doesNotMatch(output, /Server listening/);
  });
});

describe('several processes', { skip: onlyOn('pglite') }, () => {
  test('JOBS=worker needs PostgreSQL and, with sandboxes, a shared signing key', () => {
    const problems = refusal({ JOBS: 'worker' });
    assert.ok(problems.some((p) => p.startsWith('JOBS=worker needs DATABASE_URL')));
    assert.ok(problems.some((p) => p.includes('SANDBOX_SIGNING_KEY')));
  });

  test('the worker refuses to start without PostgreSQL', async () => {
    const { code, output } = await run('server/src/worker.ts', { DATABASE_URL: '' });
    assert.equal(code, 1);
    assert.match(output, /worker refused to start:\n\s+- DATABASE_URL must be set/);
  });
});

describe('the sandbox signing key', { skip: onlyOn('postgres') }, () => {
  test('is random per process unless set, so another process cannot sign for this one', async () => {
    const a: Config = loadConfig({ APP_ENV: 'test' });
    const b: Config = loadConfig({ APP_ENV: 'test' });
    assert.notEqual(a.sandboxSigningKey, b.sandboxSigningKey);
    assert.match(a.sandboxSigningKey, /^[0-9a-f]{64}$/);
    assert.equal(loadConfig({ SANDBOX_SIGNING_KEY: 'shared-key' }).sandboxSigningKey, 'shared-key');

    const one = await startTestServer();
    const two = await startTestServer();
    try {
      const fields = {
        notify_type: 'trade',
        out_trade_no: 'PTX1234567890',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '100',
      };
      const signedByOne = sandboxes(one).alipay.signed(fields);
      assert.equal(sandboxes(one).alipay.verify(signedByOne), true);
      assert.equal(sandboxes(two).alipay.verify(signedByOne), false);
      const answer = await fetch(`${two.baseUrl}/pay/notify/alipay/1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signedByOne).toString(),
      });
      assert.equal(await answer.text(), 'fail');
    } finally {
      await one.close();
      await two.close();
    }
  });
});

/** Runs a server entry point to its end (it is expected to exit by itself; slow when the machine is busy). */
function run(
  entry: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TEST_NODE_ARGS, entry], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not exit:\n${output}`));
    }, 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
