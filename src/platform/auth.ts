/**
 * What the host app can tell us about the user before login: a one-time auth code the server
 * exchanges for the user, and an authorised phone number. H5 has neither: it logs in by SMS.
 */

export type LoginMethod = 'authCode' | 'sms';

/** The `grantType` of the login request for this target's auth code. */
export type AuthGrantType = 'alipay' | 'wechat' | 'sms';

export type AuthFailureReason = 'unsupported' | 'denied' | 'failed';

export type AuthCodeResult =
  { ok: true; code: string } | { ok: false; reason: AuthFailureReason; message: string };

/**
 * Phone authorisation: WeChat gives a one-time `code` from the getPhoneNumber button, Alipay an
 * encrypted `response`; the server decrypts or exchanges either one.
 */
export type PhoneAuthResult =
  | { ok: true; kind: 'code' | 'encrypted'; payload: string }
  | { ok: false; reason: AuthFailureReason; message: string };

/** H5 logs in with an SMS code. */
/** H5 has no auth code; its logins are SMS logins. */
export const authGrantType: AuthGrantType = 'sms';

export const loginMethod: LoginMethod = 'sms';

export function getAuthCode(): Promise<AuthCodeResult> {
  return Promise.resolve({ ok: false, reason: 'unsupported', message: 'sms login on h5' });
}

/** `buttonDetail` is the getPhoneNumber button's event detail on WeChat; unused elsewhere. */
export function getPhoneNumber(buttonDetail?: unknown): Promise<PhoneAuthResult> {
  void buttonDetail;
  return Promise.resolve({ ok: false, reason: 'unsupported', message: 'sms login on h5' });
}
