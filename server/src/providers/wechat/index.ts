/** WeChat mini-program login: wx.login code → open id, getPhoneNumber code → mobile. */
import { SandboxWechat } from './sandbox.ts';

export interface WechatProvider {
  readonly name: string;
  /** jscode2session: a wx.login code → the user's open id in this app. */
  openIdFromLoginCode(code: string): Promise<string>;
  /** getuserphonenumber: a phone code → the user's mobile. */
  phoneNumber(code: string): Promise<string>;
}

export { SandboxWechat };
