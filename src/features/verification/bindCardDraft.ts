/**
 * What the user typed on bindCard, kept so a reload loses nothing: the card number, the reserved
 * mobile and, while its code can still be used, the bind request the code was sent for.
 *
 * It holds the full card number, so it lives in session storage only (platform/session-store:
 * the H5 tab's sessionStorage, memory on the mini-programs; never the lasting wx/my storage or
 * localStorage), for at most DRAFT_MINUTES after the last keystroke, and is removed as soon as
 * the card is bound.
 */
import { readSession, removeSession, writeSession } from '../../platform/session-store';

const KEY = 'bindCardDraft';
/** How long a draft is kept after the user last typed (a bind code lasts 5 minutes). */
export const DRAFT_MINUTES = 30;
/** How long the bank's code can be used after it was sent (the server's bind TTL). */
export const CODE_VALID_SECONDS = 300;

export interface BindCardDraft {
  cardNo: string;
  mobile: string;
  /** The bind request of the last code sent, what it was sent for and when (epoch ms). */
  sent?: { bindId: string; forKey: string; at: number };
  savedAt: number;
}

/** What a code was sent for: the card's digits and the mobile. */
export function sentForKey(cardDigits: string, mobile: string): string {
  return `${cardDigits}|${mobile}`;
}

/** The draft, if one was saved in the last DRAFT_MINUTES; a code past its use is dropped. */
export function readBindCardDraft(now: number): BindCardDraft | undefined {
  const value = readSession(KEY) as Partial<BindCardDraft> | undefined;
  if (
    !value ||
    typeof value.cardNo !== 'string' ||
    typeof value.mobile !== 'string' ||
    typeof value.savedAt !== 'number' ||
    now - value.savedAt > DRAFT_MINUTES * 60_000
  ) {
    if (value) removeSession(KEY);
    return undefined;
  }
  const sent = value.sent;
  const usable =
    sent &&
    typeof sent.bindId === 'string' &&
    typeof sent.forKey === 'string' &&
    typeof sent.at === 'number' &&
    now - sent.at < CODE_VALID_SECONDS * 1000;
  return {
    cardNo: value.cardNo,
    mobile: value.mobile,
    ...(usable ? { sent } : {}),
    savedAt: value.savedAt,
  };
}

export function saveBindCardDraft(draft: BindCardDraft): void {
  if (draft.cardNo === '' && draft.mobile === '') removeSession(KEY);
  else writeSession(KEY, draft);
}

export function clearBindCardDraft(): void {
  removeSession(KEY);
}
