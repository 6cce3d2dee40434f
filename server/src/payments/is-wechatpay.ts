/**
 * Whether a brand's gateway is the live WeChat Pay one, apart from wechatpay.ts so that the
 * payment routes can ask without importing wechatpay-axios-plugin: with axios and form-data it
 * took ~0.2 s of CPU to import (profile of a test server's start, 28 Nov), paid by every server and
 * test process although only a live WeChat Pay configuration uses it (the provider registry
 * imports wechatpay.ts only then).
 */
import type { WechatPayGateway } from './wechatpay.ts';

/**
 * The live WeChat Pay gateway (JSAPI: an open id to charge, the mini-program's pay parameters;
 * notifications signed in headers, their bodies encrypted), told apart by shape.
 */
export function isWechatPay(gateway: object): gateway is WechatPayGateway {
  return 'clientPayParams' in gateway;
}
