/**
 * Sandbox bank-card channel. Nothing leaves the machine and nothing is logged: the "texted" code
 * is kept per mobile for tests and `lastCode`. Rules:
 * - a card number ending in `4444` is refused ("card and reserved mobile do not match");
 * - `failFor(mobile)` makes the SMS to that mobile fail until `recover(mobile)`;
 * - a code is 6 digits, single use, valid for 5 minutes;
 * - `failRevocations()` makes every revocation fail as unreachable until `recoverRevocations()`.
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
  private readonly revoked = new Set<string>();
  private revocationOutage = false;

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

  async revokeWithholding(protocolNo: string): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.revocationOutage) {
      throw new ProviderError('bank-card', 'unavailable', 'sandbox: the bank is unreachable');
    }
    // Known by its prefix: the agreement may have been signed by another process's sandbox.
    if (!protocolNo.startsWith('sbxhfb')) {
      throw new ProviderError('bank-card', 'rejected', 'unknown withholding agreement');
    }
    this.revoked.add(protocolNo);
  }

  /** Whether the bank holds the agreement as revoked. */
  isRevoked(protocolNo: string): boolean {
    return this.revoked.has(protocolNo);
  }

  failRevocations(): void {
    this.revocationOutage = true;
  }

  recoverRevocations(): void {
    this.revocationOutage = false;
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
