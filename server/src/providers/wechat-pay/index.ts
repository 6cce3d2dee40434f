/** WeChat Pay (JSAPI / H5): the sandbox until a live adapter exists (same interface). */
import { SandboxGateway } from '../../payments/sandbox.ts';

export function createWechatPayGateway(): SandboxGateway {
  return new SandboxGateway('wechat');
}
