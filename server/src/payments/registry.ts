/**
 * The payment gateways of one running app (each app, and so each test server, has its own
 * sandboxes). Created on first use; the pay routes connect their notification sink.
 */
import type { AppDeps } from '../deps.ts';
import { createAlipayPayGateway } from '../providers/alipay-pay/index.ts';
import { createWechatPayGateway } from '../providers/wechat-pay/index.ts';
import { createWithholdingGateway } from '../providers/withholding/index.ts';
import type { GatewayName } from './gateway.ts';
import type { SandboxGateway } from './sandbox.ts';

export type Gateways = Record<GatewayName, SandboxGateway>;

// Keyed by the database handle: copies of deps with another clock (the scheduler's) share them.
const byApp = new WeakMap<object, Gateways>();

export function gateways(deps: AppDeps): Gateways {
  let found = byApp.get(deps.db);
  if (!found) {
    found = {
      alipay: createAlipayPayGateway(),
      wechat: createWechatPayGateway(),
      card: createWithholdingGateway(),
    };
    byApp.set(deps.db, found);
  }
  return found;
}

/** Waits until every sandbox notification in flight has been delivered and handled. */
export async function settlePayments(deps: AppDeps): Promise<void> {
  const all = gateways(deps);
  for (let round = 0; round < 5; round++) {
    await Promise.all([all.alipay.settle(), all.wechat.settle(), all.card.settle()]);
  }
}
