/**
 * Display texts for the engine's raw codes on the desk (order states, timeline events, bill kinds
 * and states, reasons), in both console languages. They come from the storefront's catalogue
 * (contract/i18n: zh-Hans areas and en) and contract/admin's tables, so the desk and the
 * customer name a state alike; a code no table knows is shown as it is.
 */
import {
  FREEZE_STATE_LABELS,
  PAYMENT_STATE_LABELS,
  REFUND_STATE_LABELS,
  REJECT_REASONS,
  REJECT_REASONS_EN,
  type RejectReason,
} from '../../contract/admin/index.ts';
import { en } from '../../contract/i18n/en.ts';
import { billMessages } from '../../contract/i18n/zh-Hans/bill.ts';
import { orderMessages } from '../../contract/i18n/zh-Hans/order.ts';
import { sharedMessages } from '../../contract/i18n/zh-Hans/shared.ts';

type Text = (zh: string, en: string) => string;

const zh: Record<string, string | undefined> = {
  ...sharedMessages,
  ...orderMessages,
  ...billMessages,
};
const english = en as Record<string, string | undefined>;

/** The catalogue's entry `key` in the console's language; `fallback` when it has none. */
function catalogue(t: Text, key: string, fallback: string): string {
  const chinese = zh[key];
  const inEnglish = english[key];
  return chinese && inEnglish ? t(chinese, inEnglish) : fallback;
}

function pair(t: Text, table: Record<string, readonly [string, string]>, code: string) {
  const found = table[code];
  return found ? t(found[0], found[1]) : code;
}

/** A bill's state (unpaid / paid / cancelled) by the storefront's bill tones. */
const BILL_STATE_TONE: Record<string, string> = {
  unpaid: 'bill.tone.due',
  paid: 'bill.tone.paid',
  cancelled: 'bill.tone.cancelled',
};

export function deskLabels(t: Text) {
  return {
    orderStatus: (status: string) => catalogue(t, `order.status.${status}`, status),
    event: (action: string) => catalogue(t, `order.event.${action}`, action),
    billKind: (kind: string) => catalogue(t, `bill.kind.${kind}`, kind),
    billState: (state: string) => catalogue(t, BILL_STATE_TONE[state] ?? '', state),
    paymentState: (state: string) => pair(t, PAYMENT_STATE_LABELS, state),
    refundState: (state: string) => pair(t, REFUND_STATE_LABELS, state),
    freezeState: (state: string) => pair(t, FREEZE_STATE_LABELS, state),
    rejectReason: (code: string) =>
      code in REJECT_REASONS
        ? t(REJECT_REASONS[code as RejectReason], REJECT_REASONS_EN[code as RejectReason])
        : code,
    /** A customer's cancel/return reason (`order.reason.<code>`). */
    customerReason: (code: string) => catalogue(t, `order.reason.${code}`, code),
  };
}
export type DeskLabels = ReturnType<typeof deskLabels>;
