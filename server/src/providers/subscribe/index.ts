/**
 * Subscribe messages in the mini-programs: WeChat's subscribeMessage.send and Alipay's
 * alipay.open.app.mini.templatemessage.send, both to a user's open id in one brand's app with a
 * template that user accepted. The sandbox keeps what it was given; live, each host's message
 * goes through that host's own adapter (providers/wechat/live.ts, providers/alipay/live.ts),
 * with the brand's app keys.
 */
import type { MessageHost } from '../../privacy/templates.ts';
import { ProviderError } from '../errors.ts';

export interface SubscribeMessage {
  host: MessageHost;
  /** The brand: its own mini-program, so its own app id. */
  platform: number;
  openId: string;
  templateId: string;
  /** The mini-program page the message opens, with its query. */
  page: string;
  /** The template's fields, as text. */
  data: Record<string, string>;
}

export interface SubscribeMessageProvider {
  readonly name: string;
  /** Resolves when the host accepted the message; rejects with ProviderError otherwise. */
  send(message: SubscribeMessage): Promise<void>;
}

export class SandboxSubscribeMessages implements SubscribeMessageProvider {
  readonly name = 'sandbox';
  /** Every message sent, oldest first. */
  readonly sent: SubscribeMessage[] = [];
  /** Open ids the host refuses (as when the user's subscription was revoked). */
  readonly refusing = new Set<string>();

  async send(message: SubscribeMessage): Promise<void> {
    if (this.refusing.has(message.openId)) {
      throw new ProviderError('subscribe', 'rejected', '43101 user refuse to accept the msg');
    }
    this.sent.push(message);
  }
}

/** One host's way of sending (its live adapter's, or the sandbox's). */
export type SubscribeSender = (message: SubscribeMessage) => Promise<void>;

/** Sends each message through its host's sender: live hosts live, the others to the sandbox. */
export class SubscribeMessagesByHost implements SubscribeMessageProvider {
  readonly name = 'live';

  private readonly senders: Readonly<Record<MessageHost, SubscribeSender>>;

  constructor(senders: Readonly<Record<MessageHost, SubscribeSender>>) {
    this.senders = senders;
  }

  send(message: SubscribeMessage): Promise<void> {
    return this.senders[message.host](message);
  }
}
