/** Alipay trade pay, fund authorisation (freeze, unfreeze, pay from the authorisation): the sandbox until a live adapter exists (same interface). */
import { SandboxGateway } from '../../payments/sandbox.ts';

export function createAlipayPayGateway(): SandboxGateway {
  return new SandboxGateway('alipay');
}
