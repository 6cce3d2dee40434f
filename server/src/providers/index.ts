/**
 * Every outside service the server talks to, each behind an interface with a sandbox default.
 * Later issues add payments, identity, credit, e-contracts, bank cards and logistics here.
 */
import type { Config } from '../config.ts';
import { createAlipayProvider, type AlipayProvider } from './alipay/index.ts';
import { createSmsProvider, type SmsProvider } from './sms/index.ts';
import { createWechatProvider, type WechatProvider } from './wechat/index.ts';

export interface Providers {
  sms: SmsProvider;
  alipay: AlipayProvider;
  wechat: WechatProvider;
}

export function createProviders(config: Config): Providers {
  return {
    sms: createSmsProvider(config),
    alipay: createAlipayProvider(config),
    wechat: createWechatProvider(config),
  };
}

export { ProviderError } from './errors.ts';
export type { AlipayProvider, SmsProvider, WechatProvider };
