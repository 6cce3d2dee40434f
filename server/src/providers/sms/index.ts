/** Sends text messages. The sandbox is the default; a live adapter reads its keys from the env. */

/** What a message other than a login code is about: each has its own approved template. */
export type SmsNoticePurpose = 'bill_reminder' | 'bill_due_today' | 'overdue_notice';

export interface SmsNotice {
  mobile: string;
  /** The brand: its sign name heads the message. */
  platform: number;
  purpose: SmsNoticePurpose;
  /** The template's variables (amount in yuan, due date, order id …), as text. */
  params: Record<string, string>;
}

/** A message the carrier accepted. */
export interface SmsSent {
  /** The carrier's id of the message (Alibaba's BizId): its delivery receipt is asked by it. */
  messageId: string;
  /** The approved template it went out under, where the carrier has templates. */
  templateCode?: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Sends a notice; resolves with the carrier's message id, rejects with ProviderError. */
  sendNotice(notice: SmsNotice): Promise<SmsSent>;
  /**
   * Resolves when the carrier accepted the message; rejects with ProviderError otherwise.
   * `log` is the request's logger, for adapters that report what they did.
   */
  sendLoginCode(
    mobile: string,
    code: string,
    log: (line: string) => void,
    /** The brand whose sign name heads the message. */
    platform?: number,
  ): Promise<SmsSent>;
  /** The carrier's delivery receipt of a message sent (live adapters that offer one). */
  delivery?(mobile: string, messageId: string, sentAt: Date): Promise<SmsDelivery>;
}

export interface SmsDelivery {
  status: 'delivered' | 'failed' | 'pending' | 'unknown';
  /** The carrier's code (DELIVERED, or why not). */
  carrierCode?: string;
}

// The live adapter (live.ts) loads Alibaba Cloud's SDK: providers/index.ts imports it only when live.
