/** The sandbox cashier page's lookup: the open payment a signed cashier link names. */
import type { AppDeps } from '../boot/deps.ts';
import { gatewayOf } from './operations.ts';
import { SandboxGateway } from './sandbox.ts';

/**
 * The payment `outTradeNo` names with the sandbox gateway it goes through, when `sig` is the
 * cashier signature that gateway handed out for it; undefined otherwise (unknown trade, a live
 * gateway, a wrong signature look alike).
 */
export async function cashierPayment(deps: AppDeps, outTradeNo: string, sig: unknown) {
  const payment = await deps.db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.out_trade_no', 'p.amount', 'p.channel', 'p.status', 'p.order_id', 'o.platform'])
    .where('p.out_trade_no', '=', outTradeNo)
    .executeTakeFirst();
  if (!payment) return undefined;
  const gateway = gatewayOf(deps, payment.platform, payment.channel);
  if (!(gateway instanceof SandboxGateway)) return undefined;
  return gateway.checkCashierSignature(outTradeNo, sig) ? { payment, gateway } : undefined;
}
