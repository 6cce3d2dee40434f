/** Sandbox WeChat: codes `sbx_<subject>_<nonce>`, single use; see ../sandbox-codes.ts. */
import { ProviderError } from '../errors.ts';
import { SandboxCodes } from '../sandbox-codes.ts';
import type { WechatProvider } from './index.ts';

export class SandboxWechat implements WechatProvider {
  readonly name = 'sandbox';
  private readonly loginCodes = new SandboxCodes('wechat');
  private readonly phoneCodes = new SandboxCodes('wechat');

  async openIdFromLoginCode(code: string): Promise<string> {
    return `sbxwx${await this.loginCodes.redeem(code)}`;
  }

  async phoneNumber(code: string): Promise<string> {
    const mobile = await this.phoneCodes.redeem(code);
    if (!/^1[3-9]\d{9}$/.test(mobile))
      throw new ProviderError('wechat', 'rejected', 'invalid phone code');
    return mobile;
  }
}
