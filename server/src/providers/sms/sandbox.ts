/**
 * Sandbox SMS: nothing leaves the machine. It logs `sms <masked mobile> <code>` so a developer can
 * log in, keeps the last code per mobile for `GET /dev/sms/last` and the notices it was given,
 * and can be told to fail.
 */
import { randomBytes } from 'node:crypto';
import { maskMobile } from '../../lib/redact.ts';
import { ProviderError } from '../errors.ts';
import type { SmsNotice, SmsProvider, SmsSent } from './index.ts';

const sandboxMessageId = () => `SBXSMS${randomBytes(8).toString('hex')}`;

export class SandboxSms implements SmsProvider {
  readonly name = 'sandbox';
  private readonly lastCodes = new Map<string, string>();
  private readonly failing = new Set<string>();
  /** Every notice sent, oldest first (tests read what a user would have received). */
  readonly notices: (SmsNotice & { messageId: string })[] = [];

  async sendLoginCode(mobile: string, code: string, log: (line: string) => void): Promise<SmsSent> {
    // A real gateway answers asynchronously; keep the same shape.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.failing.has(mobile)) {
      throw new ProviderError('sms', 'unavailable', 'sandbox: carrier rejected the message');
    }
    this.lastCodes.set(mobile, code);
    log(`sms ${maskMobile(mobile)} ${code}`);
    return { messageId: sandboxMessageId() };
  }

  async sendNotice(notice: SmsNotice): Promise<SmsSent> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.failing.has(notice.mobile)) {
      throw new ProviderError('sms', 'unavailable', 'sandbox: carrier rejected the message');
    }
    const messageId = sandboxMessageId();
    this.notices.push({ ...notice, messageId });
    return { messageId };
  }

  /** The last code delivered to a mobile (dev route and tests only). */
  lastCode(mobile: string): string | undefined {
    return this.lastCodes.get(mobile);
  }

  /** Failure on demand: sends to this mobile fail until `recover`. */
  failFor(mobile: string): void {
    this.failing.add(mobile);
  }

  recover(mobile: string): void {
    this.failing.delete(mobile);
  }
}
