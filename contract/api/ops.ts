/** The operations API (merchant steps and jobs), used by `npm run ops`; header `X-Ops-Token`. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Id, Nullable } from './envelope.ts';

export const HEADER_OPS_TOKEN = 'X-Ops-Token';

export const OpsStep = Type.Union([
  Type.Literal('approve'),
  Type.Literal('reject'),
  Type.Literal('ship'),
  Type.Literal('deliver'),
  Type.Literal('receive-return'),
  Type.Literal('inspect'),
  Type.Literal('approve-cancel'),
  Type.Literal('refuse-cancel'),
  Type.Literal('compensate'),
]);
export type OpsStep = Static<typeof OpsStep>;

export const OpsStepParams = Type.Object({ id: Id, step: OpsStep });
export const OpsStepBody = Type.Object({
  waybill: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{6,30}$' })),
  /** Damage found at inspection, or the compensation asked, fen. */
  damage: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  note: Type.Optional(FreeText(0, 200)),
});
export type OpsStepBody = Static<typeof OpsStepBody>;

export const OpsStepReply = Envelope(
  Type.Object({ orderId: Id, from: Type.String(), to: Type.String() }),
);

/** A reason the user chose: its dictionary value and label. */
const OpsReason = Nullable(Type.Object({ value: Type.String(), label: Type.String() }));

export const OpsOrder = Type.Object({
  id: Id,
  /** The number the customer sees and quotes (order detail, My orders). */
  orderNo: Type.String(),
  userId: Id,
  status: Type.String(),
  statusText: Type.String(),
  depositMethod: Type.String(),
  subProcess: Nullable(Type.String()),
  /** Why the user last asked to cancel / to return (`cancel_reason` / `return_reason`). */
  cancelReason: OpsReason,
  returnReason: OpsReason,
  bills: Type.Array(
    Type.Object({
      id: Id,
      kind: Type.String(),
      period: Type.Integer(),
      dueDate: Type.String(),
      due: Type.Integer(),
      paid: Type.Integer(),
      status: Type.String(),
    }),
  ),
  payments: Type.Array(
    Type.Object({
      outTradeNo: Type.String(),
      channel: Type.String(),
      amount: Type.Integer(),
      status: Type.String(),
    }),
  ),
  events: Type.Array(
    Type.Object({
      action: Type.String(),
      from: Type.String(),
      to: Type.String(),
      at: Type.String(),
      note: Type.String(),
      params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
    }),
  ),
});
export const OpsOrderReply = Envelope(OpsOrder);

export const RunJobsBody = Type.Object({
  /** ISO time to run the jobs as of; the server's clock when omitted. */
  at: Type.Optional(Type.String({ format: 'date-time' })),
});
export const RunJobsReply = Envelope(
  Type.Object({
    overdueBills: Type.Integer(),
    overdueOrders: Type.Integer(),
    withheld: Type.Integer(),
    deducted: Type.Integer(),
    due: Type.Integer(),
    returnOverdue: Type.Integer(),
    received: Type.Integer(),
    expired: Type.Integer(),
    buyoutsLapsed: Type.Integer(),
    /** WeChat deposits near a year old that settled their bills and went back. */
    depositsSettled: Type.Integer(),
    reconciled: Type.Integer(),
    errors: Type.Array(Type.String()),
  }),
);

export const ReconcileBody = Type.Object({
  /** Only what has been pending at least this long (the default leaves in-flight work alone). */
  olderThanSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 * 86_400 })),
});
export const ReconcileReply = Envelope(
  Type.Object({
    /** Pending operations and payments settled by asking the provider. */
    settled: Type.Integer(),
    /** Jobs run afterwards (what reconciling queued included). */
    jobsRun: Type.Integer(),
    errors: Type.Array(Type.String()),
  }),
);
