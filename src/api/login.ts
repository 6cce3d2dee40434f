/** Login: SMS codes, SMS login, phone-number login in the mini-programs. */
import type { LoginForSmsBody, LoginForUniBody, SessionToken } from '@contract/api/login';
import { post } from '../platform/request';

/** Send a 6-digit code; `retryAfter` is how many seconds until another may be sent. */
export function sendSmsCode(mobile: string) {
  return post<{ retryAfter: number }>('/api/login/sendCode', { mobile }, { login: true });
}

export function loginForSms(body: LoginForSmsBody) {
  return post<SessionToken>('/api/login/loginForSms', body, { login: true });
}

/** Mini-programs: the phone-number button's code (and a login code to bind the open id). */
export function loginForUni(body: LoginForUniBody) {
  return post<SessionToken>('/api/login/loginForUni', body, { login: true });
}
