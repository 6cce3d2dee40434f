/**
 * Sandbox bank-card channel. Nothing leaves the machine and nothing is logged: the "texted" code
 * is kept per mobile for tests and `lastCode`. Rules:
 * - a card number ending in `4444` is refused ("card and reserved mobile do not match");
 * - `failFor(mobile)` makes the SMS to that mobile fail until `recover(mobile)`;
 * - a code is 6 digits, single use, valid for 5 minutes.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { ProviderError } from '../errors.ts';
import type { BankCardProvider } from './index.ts';

interface PendingBind {
  mobile: string;
  code: string;
  expiresAt: number;
  verified: boolean;
  /** Set once the binding is confirmed; the code can no longer be checked. */
  agreementNo?: string;
}

const CODE_TTL_MS = 5 * 60 * 1000;

export class SandboxBankCard implements BankCardProvider {
  readonly name = 'sandbox';
  private readonly binds = new Map<string, PendingBind>();
  private readonly lastCodes = new Map<string, string>();
  private readonly failing = new Set<string>();

  async preBind(input: { cardNo: string; mobile: string; holderName: string }) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (input.cardNo.endsWith('4444')) {
      throw new ProviderError('bank-card', 'rejected', '银行卡与预留手机号不匹配');
    }
    if (this.failing.has(input.mobile)) {
      throw new ProviderError('bank-card', 'unavailable', 'sandbox: SMS could not be sent');
    }
    const bindRequestNo = `sbxbind${randomBytes(12).toString('hex')}`;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.binds.set(bindRequestNo, {
      mobile: input.mobile,
      code,
      expiresAt: Date.now() + CODE_TTL_MS,
      verified: false,
    });
    this.lastCodes.set(input.mobile, code);
    return { bindRequestNo };
  }

  async verifyCode(bindRequestNo: string, code: string): Promise<boolean> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const bind = this.binds.get(bindRequestNo);
    if (!bind || bind.agreementNo || bind.expiresAt < Date.now()) {
      throw new ProviderError('bank-card', 'rejected', '验证码已失效，请重新获取');
    }
    if (bind.code !== code) return false;
    bind.verified = true;
    return true;
  }

  async confirmBind(bindRequestNo: string) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const bind = this.binds.get(bindRequestNo);
    if (!bind || !bind.verified) {
      throw new ProviderError('bank-card', 'rejected', '绑卡请求无效');
    }
    // Confirming the same request again answers the same agreement, as the banks' APIs do.
    bind.agreementNo ??= `sbxagr${randomBytes(12).toString('hex')}`;
    return { agreementNo: bind.agreementNo };
  }

  async signWithholding(input: { agreementNo: string; orderRef: string }) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (!input.agreementNo.startsWith('sbxagr')) {
      throw new ProviderError('bank-card', 'rejected', 'unknown agreement');
    }
    return { protocolNo: `sbxhfb${randomBytes(12).toString('hex')}` };
  }

  lastCode(mobile: string): string | undefined {
    return this.lastCodes.get(mobile);
  }

  failFor(mobile: string): void {
    this.failing.add(mobile);
  }

  recover(mobile: string): void {
    this.failing.delete(mobile);
  }
}
