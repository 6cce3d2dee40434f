import * as authAlipay from '../auth.alipay';
import * as authH5 from '../auth';
import * as authWeapp from '../auth.weapp';
import { EMPTY_LOCATION, getLocation as getLocationH5 } from '../location';
import { getLocation as getLocationAlipay } from '../location.alipay';
import { isCashierUrl, pay as payH5 } from '../payment';
import { pay as payAlipay } from '../payment.alipay';
import { pay as payWeapp } from '../payment.weapp';

/**
 * Per-target device APIs. The wallets and host apps cannot be reached from a test, so `my` / `wx`
 * are stand-ins that answer asynchronously, as the real ones do, with the outcomes their
 * documentation lists (success, cancel, failure codes).
 */

const globals = globalThis as { my?: unknown; wx?: unknown };
afterEach(() => {
  delete globals.my;
  delete globals.wx;
});

const later = (fn: () => void) => setTimeout(fn, 5);

describe('payment', () => {
  describe('Alipay tradePay with the trade number', () => {
    const install = (resultCode: string | undefined, seen: string[] = []) => {
      globals.my = {
        tradePay: (o: { tradeNO: string; success: (r: { resultCode?: string }) => void }) => {
          seen.push(o.tradeNO);
          later(() => o.success({ resultCode }));
        },
      };
      return seen;
    };

    test.each([
      ['9000', 'paid'],
      ['8000', 'pending'],
      ['6004', 'pending'],
      ['6001', 'cancelled'],
      ['6002', 'failed'],
      ['4000', 'failed'],
      ['5000', 'failed'],
      ['1234', 'failed'],
    ])('resultCode %s reads %s', async (code, status) => {
      const seen = install(code);
      expect(await payAlipay({ tradeNo: ' 2026112122001 ' })).toMatchObject({
        status,
        detail: code,
      });
      expect(seen).toEqual(['2026112122001']);
    });

    test('a fail callback and a missing trade number', async () => {
      globals.my = {
        tradePay: (o: { fail: (e: { error: number; errorMessage: string }) => void }) =>
          later(() => o.fail({ error: 4, errorMessage: '无权限调用' })),
      };
      expect((await payAlipay({ tradeNo: 'T1' })).status).toBe('failed');
      const seen = install('9000');
      expect((await payAlipay({})).status).toBe('unavailable');
      expect(seen).toEqual([]);
    });
  });

  describe('WeChat requestPayment with signed parameters', () => {
    const params = {
      timeStamp: '1763700000',
      nonceStr: 'n0nce',
      package: 'prepay_id=wx2026',
      signType: 'RSA' as const,
      paySign: 'c2lnbmVk',
    };
    const install = (outcome: 'ok' | 'cancel' | 'fail', seen: unknown[] = []) => {
      globals.wx = {
        requestPayment: (
          o: typeof params & {
            success: (r: { errMsg: string }) => void;
            fail: (e: { errMsg: string }) => void;
          },
        ) => {
          seen.push({
            timeStamp: o.timeStamp,
            nonceStr: o.nonceStr,
            package: o.package,
            signType: o.signType,
            paySign: o.paySign,
          });
          later(() =>
            outcome === 'ok'
              ? o.success({ errMsg: 'requestPayment:ok' })
              : o.fail({
                  errMsg:
                    outcome === 'cancel'
                      ? 'requestPayment:fail cancel'
                      : 'requestPayment:fail (detail message)',
                }),
          );
        },
      };
      return seen;
    };

    test('success passes the signed parameters through untouched', async () => {
      const seen = install('ok');
      expect(await payWeapp({ wechat: params })).toEqual({
        status: 'paid',
        detail: 'requestPayment:ok',
      });
      expect(seen).toEqual([params]);
    });
    test('cancel and failure', async () => {
      install('cancel');
      expect((await payWeapp({ wechat: params })).status).toBe('cancelled');
      install('fail');
      expect((await payWeapp({ wechat: params })).status).toBe('failed');
    });
    test('without signed parameters nothing is called', async () => {
      const seen = install('ok');
      expect((await payWeapp({ tradeNo: 'T1' })).status).toBe('unavailable');
      expect(seen).toEqual([]);
    });
  });

  describe('H5 goes to the cashier URL from the server', () => {
    test('an https or same-origin cashier URL is followed', async () => {
      const visited: string[] = [];
      const url = 'https://cashier.example.com/pay?order=1';
      expect(await payH5({ cashierUrl: url }, (u) => visited.push(u))).toEqual({
        status: 'redirected',
        detail: url,
      });
      expect(
        await payH5({ cashierUrl: '/api/pay/cashier/1' }, (u) => visited.push(u)),
      ).toMatchObject({ status: 'redirected' });
      expect(visited).toEqual([url, '/api/pay/cashier/1']);
    });
    test.each([
      'javascript:alert(1)',
      'http://cashier.example.com/',
      'http://127.0.0.1.evil.test/',
      'http://localhost@evil.test/',
      '//evil.test/',
      '/\\evil.test',
      '',
      'data:text/html,x',
    ])('refuses %p', async (cashierUrl) => {
      const visited: string[] = [];
      expect((await payH5({ cashierUrl }, (u) => visited.push(u))).status).toBe('unavailable');
      expect(visited).toEqual([]);
      expect(isCashierUrl(cashierUrl)).toBe(false);
    });
    test('a plain-http cashier is followed only on this machine (a local gateway)', async () => {
      const visited: string[] = [];
      const local = 'http://127.0.0.1:4123/gateway.do?method=alipay.trade.wap.pay&sign=x';
      expect((await payH5({ cashierUrl: local }, (u) => visited.push(u))).status).toBe(
        'redirected',
      );
      expect(isCashierUrl('http://localhost:8080/cashier')).toBe(true);
      expect(visited).toEqual([local]);
    });
    test('inside the WeChat browser an outside cashier is not opened; our own still is', async () => {
      const wechatUa =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
      const visited: string[] = [];
      const alipay = 'https://openapi.alipay.com/gateway.do?biz=1';
      expect(await payH5({ cashierUrl: alipay }, (u) => visited.push(u), wechatUa)).toEqual({
        status: 'unavailable',
        detail: 'wechat-browser',
      });
      expect(
        (await payH5({ cashierUrl: '/pay/cashier/PT1' }, (u) => visited.push(u), wechatUa)).status,
      ).toBe('redirected');
      expect(visited).toEqual(['/pay/cashier/PT1']);
    });
  });
});

describe('login helpers', () => {
  test('H5 logs in by SMS: no auth code, no phone authorisation', async () => {
    expect(authH5.loginMethod).toBe('sms');
    expect(await authH5.getAuthCode()).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(await authH5.getPhoneNumber()).toMatchObject({ ok: false, reason: 'unsupported' });
  });

  test('Alipay auth code (silent scope) and refusal', async () => {
    const scopes: unknown[] = [];
    globals.my = {
      getAuthCode: (o: { scopes: string; success: (r: { authCode: string }) => void }) => {
        scopes.push(o.scopes);
        later(() => o.success({ authCode: 'ac-1' }));
      },
    };
    expect(authAlipay.loginMethod).toBe('authCode');
    expect(await authAlipay.getAuthCode()).toEqual({ ok: true, code: 'ac-1' });
    expect(scopes).toEqual(['auth_base']);
    globals.my = {
      getAuthCode: (o: { fail: (e: { error: number; errorMessage: string }) => void }) =>
        later(() => o.fail({ error: 11, errorMessage: '用户取消授权' })),
    };
    expect(await authAlipay.getAuthCode()).toEqual({
      ok: false,
      reason: 'denied',
      message: '用户取消授权',
    });
  });

  test('Alipay phone number: the encrypted response, or the refusal', async () => {
    globals.my = {
      getPhoneNumber: (o: { success: (r: { response: string }) => void }) =>
        later(() =>
          o.success({
            response: '{"response":"RU5DUllQVEVE+/=","sign":"U0lHTg==","sign_type":"RSA2"}',
          }),
        ),
    };
    // Sent as `<response>.<sign>`, the phone-code form the API accepts.
    expect(await authAlipay.getPhoneNumber()).toEqual({
      ok: true,
      kind: 'encrypted',
      payload: 'RU5DUllQVEVE+/=.U0lHTg==',
    });
    globals.my = {
      getPhoneNumber: (o: { success: (r: { response: string }) => void }) =>
        later(() => o.success({ response: 'not json' })),
    };
    expect(await authAlipay.getPhoneNumber()).toMatchObject({ ok: false, reason: 'failed' });
    globals.my = {
      getPhoneNumber: (o: { fail: (e: { error: number; errorMessage: string }) => void }) =>
        later(() => o.fail({ error: 11, errorMessage: '用户拒绝' })),
    };
    expect(await authAlipay.getPhoneNumber()).toMatchObject({ ok: false, reason: 'denied' });
  });

  test('WeChat login code, and a login failure', async () => {
    globals.wx = {
      login: (o: { success: (r: { code: string; errMsg: string }) => void }) =>
        later(() => o.success({ code: 'wx-1', errMsg: 'login:ok' })),
    };
    expect(await authWeapp.getAuthCode()).toEqual({ ok: true, code: 'wx-1' });
    globals.wx = {
      login: (o: { fail: (e: { errMsg: string }) => void }) =>
        later(() => o.fail({ errMsg: 'login:fail timeout' })),
    };
    expect(await authWeapp.getAuthCode()).toEqual({
      ok: false,
      reason: 'failed',
      message: 'login:fail timeout',
    });
  });

  test('WeChat phone number comes from the getPhoneNumber button event', async () => {
    expect(
      await authWeapp.getPhoneNumber({ code: 'phone-code', errMsg: 'getPhoneNumber:ok' }),
    ).toEqual({
      ok: true,
      kind: 'code',
      payload: 'phone-code',
    });
    expect(
      await authWeapp.getPhoneNumber({ errMsg: 'getPhoneNumber:fail user deny' }),
    ).toMatchObject({ ok: false, reason: 'denied' });
    expect(await authWeapp.getPhoneNumber(undefined)).toMatchObject({
      ok: false,
      reason: 'failed',
    });
  });
});

describe('location', () => {
  test('Alipay names the place and turns string coordinates into numbers', async () => {
    globals.my = {
      getLocation: (o: { type: number; success: (r: Record<string, string>) => void }) =>
        later(() =>
          o.success({
            country: '中国',
            province: '浙江省',
            city: '杭州市',
            district: '西湖区',
            latitude: '30.27415',
            longitude: '120.15515',
          }),
        ),
    };
    expect(await getLocationAlipay()).toEqual({
      country: '中国',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      latitude: 30.27415,
      longitude: 120.15515,
    });
  });

  test('Alipay refusal gives the empty location', async () => {
    globals.my = {
      getLocation: (o: { fail: (e: { error: number }) => void }) =>
        later(() => o.fail({ error: 11 })),
    };
    expect(await getLocationAlipay()).toEqual({
      country: '',
      province: '',
      city: '',
      district: '',
      latitude: 0,
      longitude: 0,
    });
  });

  test('H5 without a position gives the empty location', async () => {
    // jsdom has no geolocation, like a browser where the user said no.
    const location = await getLocationH5();
    expect(location).toEqual(EMPTY_LOCATION);
    expect(location).not.toBe(EMPTY_LOCATION);
  });

  test('H5 with a position gives its coordinates and blank names', async () => {
    const geolocation = {
      getCurrentPosition: (
        ok: (p: { coords: { latitude: number; longitude: number; accuracy: number } }) => void,
      ) => later(() => ok({ coords: { latitude: 31.2304, longitude: 121.4737, accuracy: 20 } })),
      watchPosition: () => 0,
      clearWatch: () => undefined,
    };
    Object.defineProperty(window.navigator, 'geolocation', {
      value: geolocation,
      configurable: true,
    });
    try {
      const location = await getLocationH5();
      expect(location).toMatchObject({ country: '', province: '', city: '', district: '' });
      expect(location.latitude).toBeCloseTo(31.2304);
      expect(location.longitude).toBeCloseTo(121.4737);
    } finally {
      delete (window.navigator as { geolocation?: unknown }).geolocation;
    }
  });
});
