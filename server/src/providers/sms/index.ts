/** Sends text messages. The sandbox is the default; a live adapter reads its keys from the env. */
import type { Config } from '../../config.ts';
import { ProviderError } from '../errors.ts';
import { SandboxSms } from './sandbox.ts';

export interface SmsProvider {
  readonly name: string;
  /**
   * Resolves when the carrier accepted the message; rejects with ProviderError otherwise.
   * `log` is the request's logger, for adapters that report what they did.
   */
  sendLoginCode(mobile: string, code: string, log: (line: string) => void): Promise<void>;
}

export function createSmsProvider(config: Config): SmsProvider {
  if (config.providers.sms === 'sandbox') return new SandboxSms();
  // The live adapter (an SMS gateway with SMS_ACCESS_KEY / SMS_SECRET / SMS_SIGN / SMS_TEMPLATE)
  // is not part of this issue; refusing to start beats silently not sending codes.
  throw new ProviderError('sms', 'unavailable', 'SMS_PROVIDER=live has no adapter yet');
}

export { SandboxSms };
