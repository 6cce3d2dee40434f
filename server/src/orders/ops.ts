/**
 * Merchant steps (ops) and the unpaid-order expiry.
 */
import type { AppDeps } from '../boot/deps.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { dayOf } from './bills.ts';
import { applyOrderAction } from './apply-action.ts';
import type { Db, Trx } from './rules.ts';
import type { OrderRow } from './queries.ts';
import { releaseOnCancel } from './confirm-cancel.ts';
import { settleOrder } from './payment-outcomes.ts';
import { chargePayScore } from './payments.ts';
import { findOrder } from './order-records.ts';
import { countBillsOfKind, findOrderOrThrow, insertBills, unpaidBillsDueBy } from './order-rows.ts';
// ---------------------------------------------------------------------------------------------
// Merchant steps (ops)

export type OpsStep =
  | 'approve'
  | 'reject'
  | 'ship'
  | 'deliver'
  | 'receive-return'
  | 'inspect'
  | 'approve-cancel'
  | 'refuse-cancel'
  | 'compensate';

export interface OpsStepInput {
  waybill?: string;
  /** Shipping from the console also names the courier and the device's serial / IMEI. */
  courier?: string;
  serial?: string;
  damage?: number;
  note?: string;
}

/** The step's outcome, and the order as it was before it (for the audit log). */
export type OpsStepRecorder = (
  trx: Trx,
  before: OrderRow,
  result: { orderId: number; from: string; to: string },
) => Promise<void>;

/**
 * One merchant step in one transaction. `record` runs in that transaction after the step (the
 * console and the ops API write their audit row there, so the change and its record go together).
 */
export async function opsStep(
  db: Db,
  deps: AppDeps,
  orderId: number,
  step: OpsStep,
  input: OpsStepInput = {},
  record?: OpsStepRecorder,
) {
  return db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, orderId);
    if (!order) throw notFound('订单不存在');
    const result = await stepIn(trx, deps, order, step, input);
    await record?.(trx, order, result);
    return result;
  });
}

/** The step itself, in the caller's transaction. */
async function stepIn(
  trx: Trx,
  deps: AppDeps,
  order: OrderRow,
  step: OpsStep,
  input: OpsStepInput,
) {
  const orderId = order.id;
  const now = deps.now();
  const ctx = { actor: 'ops' as const, now, note: input.note };
  switch (step) {
    case 'approve':
      return applyOrderAction(trx, orderId, 'approve', ctx);
    case 'reject': {
      const result = await applyOrderAction(trx, orderId, 'reject', ctx);
      await releaseOnCancel(trx, deps, order, true);
      return result;
    }
    case 'ship':
      if (!input.waybill) throw badRequest('请填写运单号');
      return applyOrderAction(trx, orderId, 'ship', {
        ...ctx,
        patch: {
          waybill: input.waybill,
          shipped_at: now,
          ...(input.courier ? { courier: input.courier } : {}),
          ...(input.serial ? { device_serial: input.serial } : {}),
        },
      });
    case 'deliver':
      return applyOrderAction(trx, orderId, 'deliver', {
        ...ctx,
        patch: { delivered_at: now },
        note: '已签收（物流）',
      });
    case 'receive-return':
      return applyOrderAction(trx, orderId, 'receive_return', ctx);
    case 'inspect': {
      const damage = input.damage ?? 0;
      const owed = await unpaidBillsDueBy(trx, orderId, dayOf(now));
      if (damage === 0 && owed.length === 0) {
        const result = await applyOrderAction(trx, orderId, 'inspect_pass', ctx);
        await settleOrder(trx, deps, orderId);
        return result;
      }
      const result = await applyOrderAction(trx, orderId, 'inspect_damage', ctx);
      if (damage > 0) await addCompensation(trx, order, damage, now);
      // Pay Score: what is owed is asked by completing the service order with it.
      if (order.deposit_method === 'payscore') await chargePayScore(trx, deps, orderId);
      return result;
    }
    case 'compensate': {
      const result = await applyOrderAction(trx, orderId, 'compensate', ctx);
      await addCompensation(trx, order, input.damage ?? order.snapshot.sku.price, now);
      return result;
    }
    case 'approve-cancel': {
      const result = await applyOrderAction(trx, orderId, 'approve_cancel', {
        ...ctx,
        patch: { sub_process: null },
      });
      await releaseOnCancel(trx, deps, order, true);
      return result;
    }
    case 'refuse-cancel':
      return applyOrderAction(trx, orderId, 'refuse_cancel', {
        ...ctx,
        patch: { sub_process: null },
      });
  }
}

async function addCompensation(trx: Trx, order: OrderRow, amount: number, now: Date) {
  const count = await countBillsOfKind(trx, order.id, 'COMPENSATION');
  await insertBills(trx, [
    {
      order_id: order.id,
      user_id: order.user_id,
      kind: 'COMPENSATION',
      period: count + 1,
      due_date: dayOf(now),
      original: amount,
      discount: 0,
    },
  ]);
}

/** The first-payment window passed (the scheduler): cancel and release. */
export async function expireUnpaid(db: Db, deps: AppDeps, orderId: number) {
  return db.transaction().execute(async (trx) => {
    const order = await findOrderOrThrow(trx, orderId);
    const result = await applyOrderAction(trx, orderId, 'pay_expired', {
      actor: 'system',
      now: deps.now(),
      note: '支付超时',
    });
    await releaseOnCancel(trx, deps, order, false);
    return result;
  });
}
