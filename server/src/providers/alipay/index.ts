/** Alipay: user login by auth code (mini-program and H5 OAuth) and the mini-program phone number. */

export interface AlipayProvider {
  readonly name: string;
  /** alipay.system.oauth.token: an auth code → the Alipay user (of the brand's app). */
  exchangeAuthCode(code: string, platform?: number): Promise<{ userId: string; openId: string }>;
  /** The URL that starts the H5 OAuth flow and comes back to `redirectUri` with `auth_code`. */
  oauthUrl(input: { redirectUri: string; state: string; platform: number }): string;
  /** Mini-program getPhoneNumber: a code → the user's mobile. */
  phoneNumber(code: string, platform?: number): Promise<string>;
}
