import type { AuthCodeResult, AuthGrantType, LoginMethod, PhoneAuthResult } from './auth';

export type {
  AuthCodeResult,
  AuthFailureReason,
  AuthGrantType,
  LoginMethod,
  PhoneAuthResult,
} from './auth';

export interface WxAuthApi {
  login(options: {
    timeout?: number;
    success?: (res: { code?: string; errMsg: string }) => void;
    fail?: (err: { errMsg: string }) => void;
  }): void;
}

declare const wx: WxAuthApi;

/** Tells the server the code came from wx.login. */
export const authGrantType: AuthGrantType = 'wechat';

export const loginMethod: LoginMethod = 'authCode';

/** wx.login: a code the server exchanges (code2Session) for the user's openid. */
export function getAuthCode(): Promise<AuthCodeResult> {
  return new Promise((resolve) => {
    try {
      wx.login({
        timeout: 10000,
        success: (res) =>
          resolve(
            res?.code
              ? { ok: true, code: res.code }
              : { ok: false, reason: 'failed', message: res?.errMsg ?? '' },
          ),
        fail: (err) => resolve({ ok: false, reason: 'failed', message: err?.errMsg ?? '' }),
      });
    } catch (error) {
      resolve({ ok: false, reason: 'failed', message: String(error) });
    }
  });
}

/**
 * WeChat only hands out the phone number through `<Button openType="getPhoneNumber">`: pass the
 * event's detail here. A refusal reads `getPhoneNumber:fail user deny`.
 */
export function getPhoneNumber(buttonDetail?: unknown): Promise<PhoneAuthResult> {
  const detail = (buttonDetail ?? {}) as { code?: unknown; errMsg?: unknown };
  const message = typeof detail.errMsg === 'string' ? detail.errMsg : '';
  if (typeof detail.code === 'string' && detail.code) {
    return Promise.resolve({ ok: true, kind: 'code', payload: detail.code });
  }
  const reason = /deny|cancel|no permission/i.test(message) ? 'denied' : 'failed';
  return Promise.resolve({ ok: false, reason, message });
}
