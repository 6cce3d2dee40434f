/** WeChat mini-program login: wx.login code → open id, getPhoneNumber code → mobile. */

export interface WechatProvider {
  readonly name: string;
  /** jscode2session: a wx.login code → the user's open id in the brand's mini-program. */
  openIdFromLoginCode(code: string, platform: number): Promise<string>;
  /** getuserphonenumber: a phone code from the brand's mini-program → the user's mobile. */
  phoneNumber(code: string, platform: number): Promise<string>;
}

// The live adapter (live.ts) is imported by providers/index.ts only when configured.
