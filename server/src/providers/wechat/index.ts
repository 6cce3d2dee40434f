/** WeChat mini-program login: wx.login code → open id, getPhoneNumber code → mobile. */
import type { Config } from '../../config.ts';
import { ProviderError } from '../errors.ts';
import { SandboxWechat } from './sandbox.ts';

export interface WechatProvider {
  readonly name: string;
  /** jscode2session: a wx.login code → the user's open id in this app. */
  openIdFromLoginCode(code: string): Promise<string>;
  /** getuserphonenumber: a phone code → the user's mobile. */
  phoneNumber(code: string): Promise<string>;
}

export function createWechatProvider(config: Config): WechatProvider {
  if (config.providers.wechat === 'sandbox') return new SandboxWechat();
  // Live adapter (WECHAT_APP_ID_<n>, WECHAT_APP_SECRET_<n>) comes with payments.
  throw new ProviderError('wechat', 'unavailable', 'WECHAT_PROVIDER=live has no adapter yet');
}
