/** Alipay: user login by auth code (mini-program and H5 OAuth) and the mini-program phone number. */
import type { Config } from '../../config.ts';
import { ProviderError } from '../errors.ts';
import { SandboxAlipay } from './sandbox.ts';

export interface AlipayProvider {
  readonly name: string;
  /** alipay.system.oauth.token: an auth code → the Alipay user. */
  exchangeAuthCode(code: string): Promise<{ userId: string; openId: string }>;
  /** The URL that starts the H5 OAuth flow and comes back to `redirectUri` with `auth_code`. */
  oauthUrl(input: { redirectUri: string; state: string; platform: number }): string;
  /** Mini-program getPhoneNumber: a code → the user's mobile. */
  phoneNumber(code: string): Promise<string>;
}

export function createAlipayProvider(config: Config): AlipayProvider {
  if (config.providers.alipay === 'sandbox') return new SandboxAlipay();
  // Live adapter (ALIPAY_APP_ID_<n>, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY) comes with payments.
  throw new ProviderError('alipay', 'unavailable', 'ALIPAY_PROVIDER=live has no adapter yet');
}
