/**
 * The server's failures in the user's language: every stable code of the server's table
 * (contract/errors.ts) has a text in all five catalogues, and the request layer shows it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES, FALLBACK_REASONS, type ErrorReason } from '../../contract/errors';
import { LANGUAGES, type Envelope } from '../../contract/http';
import { ALL_MESSAGES, packOf } from '../../contract/i18n';
import { zhHans } from '../../contract/i18n/zh-Hans';
import { createHttpClient } from '../platform/request';
import { DEFAULT_LANGUAGE, installLanguagePack, setLanguage } from './index';
import { localiseFailure } from './server-errors';

const reasons = Object.keys(ERROR_MESSAGES) as ErrorReason[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  test.each([...LANGUAGES])('%s has a text for every server code, with its parts', (language) => {
    const messages = ALL_MESSAGES[language] as Readonly<Record<string, string | undefined>>;
    const missing = reasons.filter((reason) => !messages[`serverError.${reason}`]?.trim());
    expect(missing).toEqual([]);
    for (const reason of reasons) {
      const text = messages[`serverError.${reason}`] ?? '';
      expect([reason, placeholders(text)]).toEqual([reason, placeholders(ERROR_MESSAGES[reason])]);
    }
  });

  test('Simplified Chinese is the server’s own text', () => {
    for (const reason of reasons) {
      expect(ALL_MESSAGES['zh-Hans'][`serverError.${reason}`]).toBe(ERROR_MESSAGES[reason]);
    }
  });

  test('the app compiles in the generic codes’ texts only (they may come with other words)', () => {
    const generic = new Set<ErrorReason>(['INTERNAL_ERROR', ...Object.values(FALLBACK_REASONS)]);
    const compiled = Object.entries(zhHans).filter(([key]) => key.startsWith('serverError.'));
    expect(compiled.map(([key]) => key).sort()).toEqual(
      [...generic].map((reason) => `serverError.${reason}`).sort(),
    );
    for (const [key, text] of compiled) {
      expect(text).toBe(ERROR_MESSAGES[key.slice('serverError.'.length) as ErrorReason]);
    }
  });
});

describe('a failure from the server', () => {
  beforeAll(() => {
    for (const language of LANGUAGES) {
      if (language !== DEFAULT_LANGUAGE) installLanguagePack(packOf(language));
    }
  });
  afterEach(() => setLanguage(DEFAULT_LANGUAGE));

  const failure = (reason: string, msg: string, params?: Record<string, string>) =>
    ({ code: 400, msg, data: null, reason, ...(params ? { params } : {}) }) as Envelope<null>;

  test('reads in the user’s language, its parts filled in', () => {
    setLanguage('en');
    expect(localiseFailure(failure('ORDER_NOT_FOUND', '订单不存在')).msg).toBe('Order not found.');
    setLanguage('fr');
    expect(localiseFailure(failure('ADDRESS_LIMIT', '最多保存 20 个地址', { max: '20' })).msg).toBe(
      'Vous pouvez enregistrer au plus 20 adresses.',
    );
  });

  test('names checks and documents in the user’s language, not the server’s Chinese', () => {
    setLanguage('en');
    const missingChecks = {
      ...failure('VERIFICATION_INCOMPLETE', '请先完成：实名认证、绑定银行卡', {
        checks: '实名认证、绑定银行卡',
      }),
      terms: { checks: ['verify.step.realName', 'verify.step.bankCard'] },
    };
    expect(localiseFailure(missingChecks).msg).toBe('Please complete first: Real name, Bank card');
    setLanguage('zh-Hant');
    const consent = {
      ...failure('CONSENT_REQUIRED', '请先阅读并同意《代扣授权协议》', {
        titles: '《代扣授权协议》',
      }),
      terms: { titles: ['privacy.kind.withholding'] },
    };
    const zhHantTitle = packOf('zh-Hant').messages['privacy.kind.withholding'];
    expect(localiseFailure(consent).msg).toContain(zhHantTitle);
    expect(localiseFailure(consent).msg).not.toContain('《代扣授权协议》');
    // A term this language's dictionary lacks: that part keeps the server's words.
    setLanguage('fr');
    const unknown = { ...missingChecks, terms: { checks: ['verify.step.somethingNew'] } };
    expect(localiseFailure(unknown).msg).toContain('实名认证、绑定银行卡');
  });

  test('keeps the server’s message for a code this build does not know', () => {
    setLanguage('es');
    expect(localiseFailure(failure('SOMETHING_NEW', '新的错误')).msg).toBe('新的错误');
  });

  test('keeps the server’s message when the language’s dictionary has no text for the code', () => {
    const { 'serverError.ORDER_NOT_FOUND': _dropped, ...rest } = packOf('en').messages;
    installLanguagePack({ ...packOf('en'), messages: rest });
    setLanguage('en');
    expect(localiseFailure(failure('ORDER_NOT_FOUND', '订单不存在')).msg).toBe('订单不存在');
    installLanguagePack(packOf('en'));
  });

  test('keeps the server’s message when a generic code comes with other words (a bank’s)', () => {
    setLanguage('en');
    expect(localiseFailure(failure('BAD_REQUEST', '该卡暂不支持')).msg).toBe('该卡暂不支持');
    expect(localiseFailure(failure('NOT_FOUND', '记录不存在')).msg).toBe('Record not found.');
  });

  test('is unchanged in Simplified Chinese, and success replies are left alone', () => {
    const reply = failure('ORDER_NOT_FOUND', '订单不存在');
    expect(localiseFailure(reply)).toBe(reply);
    setLanguage('zh-Hant');
    const ok = { code: 200, msg: 'success', data: { id: 1 } };
    expect(localiseFailure(ok)).toBe(ok);
  });

  test('reaches the screens through the request layer', async () => {
    const server = http.createServer((request, response) => {
      // jsdom's XMLHttpRequest asks first (the API's headers are not simple ones).
      response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
      response.setHeader('Access-Control-Allow-Headers', '*');
      if (request.method === 'OPTIONS') return void response.end();
      response.statusCode = 404;
      response.setHeader('Content-Type', 'application/json');
      response.end(
        JSON.stringify({ code: 404, msg: '订单不存在', data: null, reason: 'ORDER_NOT_FOUND' }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    process.env.TARO_APP_API_BASE = `http://127.0.0.1:${port}`;
    try {
      setLanguage('zh-Hant');
      const client = createHttpClient();
      const reply = await client.get('/api/order/detail/1', undefined, { loading: false });
      expect([reply.code, reply.msg]).toEqual([404, '訂單不存在']);
    } finally {
      delete process.env.TARO_APP_API_BASE;
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
