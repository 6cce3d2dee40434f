/** Sandbox Alipay: auth codes `sbx_<user>_<nonce>`, single use; see ../sandbox-codes.ts. */
import { ProviderError } from '../errors.ts';
import { SandboxCodes } from '../sandbox-codes.ts';
import type { AlipayProvider } from './index.ts';

export class SandboxAlipay implements AlipayProvider {
  readonly name = 'sandbox';
  private readonly authCodes = new SandboxCodes('alipay');
  private readonly phoneCodes = new SandboxCodes('alipay');

  async exchangeAuthCode(code: string): Promise<{ userId: string; openId: string }> {
    const subject = await this.authCodes.redeem(code);
    return { userId: `2088${subject}`, openId: `sbxopen${subject}` };
  }

  oauthUrl(input: { redirectUri: string; state: string; platform: number }): string {
    const url = new URL('https://openauth.alipaydev.com/oauth2/publicAppAuthorize.htm');
    url.searchParams.set('app_id', `sandbox-app-${input.platform}`);
    url.searchParams.set('scope', 'auth_user');
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  async phoneNumber(code: string): Promise<string> {
    const mobile = await this.phoneCodes.redeem(code);
    if (!/^1[3-9]\d{9}$/.test(mobile))
      throw new ProviderError('alipay', 'rejected', 'invalid phone code');
    return mobile;
  }
}
