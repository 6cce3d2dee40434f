/** Sends text messages. The sandbox is the default; a live adapter reads its keys from the env. */
import { SandboxSms } from './sandbox.ts';

export interface SmsProvider {
  readonly name: string;
  /**
   * Resolves when the carrier accepted the message; rejects with ProviderError otherwise.
   * `log` is the request's logger, for adapters that report what they did.
   */
  sendLoginCode(mobile: string, code: string, log: (line: string) => void): Promise<void>;
}

export { SandboxSms };
