import type { AuthCodeResult, AuthGrantType, LoginMethod, PhoneAuthResult } from './auth';

export type {
  AuthCodeResult,
  AuthFailureReason,
  AuthGrantType,
  LoginMethod,
  PhoneAuthResult,
} from './auth';

interface MyFailure {
  error?: number;
  errorMessage?: string;
}
export interface MyAuthApi {
  getAuthCode(options: {
    scopes: string | string[];
    success?: (res: { authCode?: string }) => void;
    fail?: (err: MyFailure) => void;
  }): void;
  getPhoneNumber(options: {
    success?: (res: { response?: string }) => void;
    fail?: (err: MyFailure) => void;
  }): void;
}

declare const my: MyAuthApi;

/** Alipay's code for "the user refused the authorisation". */
const MY_ERROR_USER_DENIED = 11;

/** Tells the server the code came from my.getAuthCode. */
export const authGrantType: AuthGrantType = 'alipay';

export const loginMethod: LoginMethod = 'authCode';

function failure(err: MyFailure | undefined) {
  return {
    ok: false as const,
    reason: err?.error === MY_ERROR_USER_DENIED ? ('denied' as const) : ('failed' as const),
    message: err?.errorMessage ?? '',
  };
}

/** my.getAuthCode (silent `auth_base` scope): the server exchanges it at loginForAlipay. */
export function getAuthCode(
  scopes: 'auth_base' | 'auth_user' = 'auth_base',
): Promise<AuthCodeResult> {
  return new Promise((resolve) => {
    try {
      my.getAuthCode({
        scopes,
        success: (res) =>
          resolve(
            res?.authCode
              ? { ok: true, code: res.authCode }
              : { ok: false, reason: 'failed', message: 'no auth code' },
          ),
        fail: (err) => resolve(failure(err)),
      });
    } catch (error) {
      resolve({ ok: false, reason: 'failed', message: String(error) });
    }
  });
}

/**
 * my.getPhoneNumber answers `{"response":"<AES ciphertext>","sign":"<RSA2>",…}` as a JSON string.
 * The server checks the signature and decrypts with the app's AES key; it is sent as
 * `<response>.<sign>` (both base64), the phone-code form the API accepts.
 */
export function encryptedPhoneCode(answer: string): string | undefined {
  try {
    const parsed = JSON.parse(answer) as { response?: unknown; sign?: unknown };
    const base64 = /^[A-Za-z0-9+/=]+$/;
    if (typeof parsed.response !== 'string' || typeof parsed.sign !== 'string') return undefined;
    if (!base64.test(parsed.response) || !base64.test(parsed.sign)) return undefined;
    return `${parsed.response}.${parsed.sign}`;
  } catch {
    return undefined;
  }
}

/** my.getPhoneNumber: an encrypted `response` the server decrypts with the app's AES key. */
export function getPhoneNumber(buttonDetail?: unknown): Promise<PhoneAuthResult> {
  void buttonDetail;
  return new Promise((resolve) => {
    try {
      my.getPhoneNumber({
        success: (res) => {
          const payload = res?.response ? encryptedPhoneCode(res.response) : undefined;
          resolve(
            payload
              ? { ok: true, kind: 'encrypted', payload }
              : { ok: false, reason: 'failed', message: 'unreadable phone number response' },
          );
        },
        fail: (err) => resolve(failure(err)),
      });
    } catch (error) {
      resolve({ ok: false, reason: 'failed', message: String(error) });
    }
  });
}
