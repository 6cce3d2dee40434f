/**
 * Sandbox Zhima score, deterministic from the ID number so tests and demos can pick an outcome:
 * score = 350 + round(sequence × 600 / 999), where `sequence` is the ID number's 15th–17th digits
 * (000–999). It passes at 550 and above, i.e. sequence 333 and above: 11010519491231002X
 * (sequence 002) scores 351 and fails; an ID number with sequence 500 scores 650 and passes.
 */
import type { CreditProvider } from './index.ts';

export const CREDIT_PASS_LINE = 550;

export function sandboxScore(idNo: string): number {
  const sequence = Number(idNo.slice(14, 17));
  return 350 + Math.round((sequence * 600) / 999);
}

export class SandboxCredit implements CreditProvider {
  readonly name = 'sandbox-zhima';

  async score(input: { name: string; idNo: string }) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const score = sandboxScore(input.idNo);
    return { score, passed: score >= CREDIT_PASS_LINE };
  }
}
