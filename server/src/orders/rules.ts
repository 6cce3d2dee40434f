/**
 * Shared by the order capabilities: the owner of an order, the day constants, and the 409 for a busy order.
 */
import { sql } from 'kysely';
import { ApiError } from '../plugins/errors.ts';
import { isoDay } from './bills.ts';
import {
  findTransition,
  illegalAction,
  STATUS_TEXT,
  type Action,
  type OrderStatus,
} from './machine.ts';
import './schema.ts';

export type { Db, Trx } from '../db/index.ts';

/** Who acts on their own orders: a user on one brand (each brand is its own merchant). */
export interface Owner {
  id: number;
  platform: number;
}

/** Days after delivery when receipt is assumed. */
export const AUTO_RECEIVE_DAYS = 7;
/** Days before the end date when the order becomes DUE. */
export const DUE_NOTICE_DAYS = 7;
/** Days after the end date before DUE becomes RETURN_OVERDUE. */
export const RETURN_GRACE_DAYS = 3;

/** A 'YYYY-MM-DD' day as a SQL date operand. */
export const asDate = (day: string) => sql<Date>`cast(${day} as date)`;

export const toDay = (value: Date | string | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : isoDay(value);

/** The reasons of a paid deposit's refund: at the end of the order, or before a year passed. */
export const DEPOSIT_REFUND_REASON = '押金退还';
export const EARLY_DEPOSIT_REFUND_REASON = '押金到期前退还';

const SUB_PROCESS_TEXT = {
  renewal: '续租',
  return: '归还',
  buyout: '买断',
  cancel: '取消',
} as const;

/** 409: another of renewal, return, buy-out, cancellation is under way on the order. */
export function busy(order: {
  status: OrderStatus;
  sub_process: keyof typeof SUB_PROCESS_TEXT | null;
}) {
  const what = order.sub_process ? SUB_PROCESS_TEXT[order.sub_process] : '';
  return new ApiError(
    409,
    `订单有进行中的${what}申请（${STATUS_TEXT[order.status]} ${order.status}）`,
    409,
  );
}

/** Refuses, naming the state, an action the transition table does not allow from it. */
export function assertAllowed(status: OrderStatus, action: Action) {
  if (!findTransition(status, action)) throw illegalAction(status, action);
}
