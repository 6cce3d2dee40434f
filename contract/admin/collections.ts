/**
 * Collections (issue 38): the overdue queue, the contact log of an order (the collectors' calls,
 * messages and notes, and the reminders the system sent), assignment to a collector, and the
 * money actions finance takes by hand (waive a late fee, record an offline repayment, settle from
 * the deposit authorisation, write a bill off). Money in integer fen.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Id, Nullable } from '../api/envelope.ts';

const BrandId = Type.Integer({ minimum: 1, maximum: 9 });
const Money = Type.Integer();
/** Fen asked of a money action: a positive amount, under a million yuan. */
const Amount = Type.Integer({ minimum: 1, maximum: 100_000_000 });
const Day = Type.String({ format: 'date' });

/** Days-overdue buckets of the queue, with their inclusive bounds (the last is open). */
export const OVERDUE_BUCKETS = {
  d1_7: { min: 1, max: 7, label: '1-7天' },
  d8_30: { min: 8, max: 30, label: '8-30天' },
  d31_90: { min: 31, max: 90, label: '31-90天' },
  d90_plus: { min: 91, max: Number.MAX_SAFE_INTEGER, label: '90天以上' },
} as const;
export type OverdueBucket = keyof typeof OVERDUE_BUCKETS;
export const OverdueBucket = Type.Union(
  (Object.keys(OVERDUE_BUCKETS) as OverdueBucket[]).map((key) => Type.Literal(key)),
);

export function bucketOf(days: number): OverdueBucket | undefined {
  return (Object.keys(OVERDUE_BUCKETS) as OverdueBucket[]).find(
    (key) => days >= OVERDUE_BUCKETS[key].min && days <= OVERDUE_BUCKETS[key].max,
  );
}

export const CONTACT_KINDS = { call: '电话', message: '短信/消息', note: '备注' } as const;
export type ContactKind = keyof typeof CONTACT_KINDS;
export const CONTACT_OUTCOMES = {
  reached: '已接通',
  no_answer: '未接听',
  promised: '承诺还款',
  refused: '拒绝还款',
  wrong_number: '号码错误',
} as const;
export type ContactOutcome = keyof typeof CONTACT_OUTCOMES;
const literals = <K extends string>(keys: readonly K[]) =>
  Type.Union(keys.map((key) => Type.Literal(key)));
export const ContactKind = literals(Object.keys(CONTACT_KINDS) as ContactKind[]);
export const ContactOutcome = literals(Object.keys(CONTACT_OUTCOMES) as ContactOutcome[]);

/** The system's own reminders (bill_reminders) as they appear in the contact log. */
export const REMINDER_KINDS = {
  due_in_3_days: '到期前3天提醒',
  due_in_1_day: '到期前1天提醒',
  due_today: '到期当天提醒',
  overdue: '逾期提醒',
} as const;
export const REMINDER_CHANNELS = {
  sms: '短信',
  wechat: '微信订阅消息',
  alipay: '支付宝订阅消息',
} as const;

// ---------------------------------------------------------------------------------------------
// Queue

export const ListOverdueQuery = Type.Object({
  bucket: Type.Optional(OverdueBucket),
  platform: Type.Optional(BrandId),
  /** A collector's staff id; 0: the cases nobody works yet. */
  assigneeId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type ListOverdueQuery = Static<typeof ListOverdueQuery>;

const StaffRef = Type.Object({ id: Id, login: Type.String(), displayName: Type.String() });

export const OverdueCase = Type.Object({
  orderId: Id,
  orderNo: Type.String(),
  platform: BrandId,
  status: Type.String(),
  statusText: Type.String(),
  goodsName: Type.String(),
  customerName: Type.String(),
  mobile: Type.String(),
  /** The most days late of the order's unpaid bills. */
  daysOverdue: Type.Integer(),
  bucket: OverdueBucket,
  /** What the overdue bills still owe, late fees (less waivers) included. */
  owed: Money,
  overdueFee: Money,
  overdueBills: Type.Integer(),
  lastContactAt: Nullable(Type.String()),
  lastContactOutcome: Nullable(ContactOutcome),
  /** The latest promise to pay (the date and amount), if the latest word was one. */
  promisedDate: Nullable(Day),
  promisedAmount: Nullable(Money),
  /** The promised day passed and the order still owes: back at the top of the queue. */
  promiseBroken: Type.Boolean(),
  assignee: Nullable(StaffRef),
});
export type OverdueCase = Static<typeof OverdueCase>;

export const ListOverdueReply = Envelope(
  Type.Object({
    tabs: Type.Array(
      Type.Object({ key: OverdueBucket, label: Type.String(), count: Type.Integer() }),
    ),
    list: Type.Array(OverdueCase),
    total: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
  }),
);
export type ListOverdueReply = Static<typeof ListOverdueReply>;

export const ListCollectorsReply = Envelope(
  Type.Array(
    Type.Object({ id: Id, login: Type.String(), displayName: Type.String(), role: Type.String() }),
  ),
);

export const AssignCollectorBody = Type.Object({
  /** The collector; null takes the case off whoever had it. */
  staffId: Nullable(Id),
});
export type AssignCollectorBody = Static<typeof AssignCollectorBody>;
export const AssignCollectorReply = Envelope(
  Type.Object({ orderId: Id, assignee: Nullable(StaffRef) }),
);

// ---------------------------------------------------------------------------------------------
// Contact log

export const AddContactRecordBody = Type.Object({
  kind: ContactKind,
  outcome: Type.Optional(ContactOutcome),
  note: Type.Optional(FreeText(0, 500)),
  /** With outcome `promised`: the day (today or later) and the amount (fen) promised. */
  promisedDate: Type.Optional(Day),
  promisedAmount: Type.Optional(Amount),
});
export type AddContactRecordBody = Static<typeof AddContactRecordBody>;

export const ContactEntry = Type.Object({
  /** `staff`: a collector's record; `system`: a reminder the scheduler sent. */
  source: Type.Union([Type.Literal('staff'), Type.Literal('system')]),
  id: Id,
  kind: Type.String(),
  /** A reminder's channel: sms, wechat, alipay. */
  channel: Nullable(Type.String()),
  outcome: Nullable(Type.String()),
  note: Type.String(),
  promisedDate: Nullable(Day),
  promisedAmount: Nullable(Money),
  billId: Nullable(Id),
  by: Nullable(Type.Object({ id: Id, login: Type.String() })),
  at: Type.String(),
});
export type ContactEntry = Static<typeof ContactEntry>;

export const AddContactRecordReply = Envelope(ContactEntry);
export const ListContactsReply = Envelope(Type.Object({ list: Type.Array(ContactEntry) }));

// ---------------------------------------------------------------------------------------------
// Money actions (header Idempotency-Key)

const Reason = FreeText(2, 200);

export const WaiveFeeBody = Type.Object({
  /** Fen of the bill's late fee to waive: at most the fee still owed. */
  amount: Amount,
  reason: Reason,
});
export type WaiveFeeBody = Static<typeof WaiveFeeBody>;

export const RecordOfflineRepaymentBody = Type.Object({
  /** The bills the money pays, whole: their outstanding amounts add up to `amount`. */
  billIds: Type.Array(Id, { minItems: 1, maxItems: 60, uniqueItems: true }),
  amount: Amount,
  /** The bank transfer's serial, the receipt number…: how finance finds the money again. */
  reference: FreeText(2, 64),
  reason: Reason,
});
export type RecordOfflineRepaymentBody = Static<typeof RecordOfflineRepaymentBody>;

export const SettleFromDepositBody = Type.Object({
  billIds: Type.Array(Id, { minItems: 1, maxItems: 60, uniqueItems: true }),
  reason: Reason,
});
export type SettleFromDepositBody = Static<typeof SettleFromDepositBody>;

export const WriteOffBody = Type.Object({ reason: Reason });

export const MoneyActionReply = Envelope(
  Type.Object({
    orderId: Id,
    /** The order's state after the action. */
    status: Type.String(),
    /** Fen the action moved (waived, repaid, taken from the deposit, written off). */
    amount: Money,
    billIds: Type.Array(Id),
    outTradeNo: Nullable(Type.String()),
    /** The same key was used before: this is that first answer, nothing was written. */
    repeated: Type.Boolean(),
  }),
);
export type MoneyActionResult = Omit<Static<typeof MoneyActionReply>['data'], 'repeated'>;
