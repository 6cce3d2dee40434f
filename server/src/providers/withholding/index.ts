/** bank-card withholding through the bound card agreement: the sandbox until a live adapter exists (same interface). */
import { SandboxGateway } from '../../payments/sandbox.ts';

export function createWithholdingGateway(): SandboxGateway {
  return new SandboxGateway('card');
}
