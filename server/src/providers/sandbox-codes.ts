/**
 * One-time codes as the sandbox wallets issue them. A real wallet's auth code is single use and
 * short-lived; the sandbox keeps the same rules so the login routes meet them in development.
 * Format: `sbx_<subject>_<nonce>`, where `<subject>` is what the code stands for (a user id, an
 * open id or a mobile) and `<nonce>` makes each code distinct.
 */
import { ProviderError } from './errors.ts';

const SANDBOX_CODE = /^sbx_([A-Za-z0-9]{1,40})_([A-Za-z0-9]{1,40})$/;

export class SandboxCodes {
  private readonly used = new Set<string>();

  private readonly provider: string;

  constructor(provider: string) {
    this.provider = provider;
  }

  /** The subject a code stands for; each code works once. */
  async redeem(code: string): Promise<string> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const match = SANDBOX_CODE.exec(code);
    if (!match) throw new ProviderError(this.provider, 'rejected', 'invalid auth code');
    if (match[1] === 'unavailable') {
      throw new ProviderError(this.provider, 'unavailable', 'sandbox: service unavailable');
    }
    if (this.used.has(code))
      throw new ProviderError(this.provider, 'rejected', 'auth code already used');
    this.used.add(code);
    return match[1];
  }
}
