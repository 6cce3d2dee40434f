import type { GoodsPlan, ValueAddedService } from '@contract/api/goods';

export interface PlanPrice {
  /** Rent of one period including per-period services. */
  rentPerPeriod: number;
  /** Paid on signing, before any coupon: the plan's first payment plus the services due then. */
  firstPayment: number;
  /** What the chosen services add over the whole term. */
  servicesTotal: number;
  /** All rent over the term, services included (deposit and buy-out excluded). */
  totalRent: number;
}

/**
 * A plan's prices with the chosen services, all integer fen, as the product page and the
 * confirm page show them. A per-period service is added to every rent; a one-off service is
 * paid with the first payment. A day plan's first payment is the whole term, so its per-period
 * services for the whole term are paid then too.
 */
export function planPrice(
  plan: Pick<GoodsPlan, 'termUnit' | 'term' | 'rentPerPeriod' | 'firstPayment' | 'totalRent'>,
  services: readonly Pick<ValueAddedService, 'price' | 'priceUnit'>[],
): PlanPrice {
  const periodic = services
    .filter((s) => s.priceUnit === 'period')
    .reduce((sum, s) => sum + s.price, 0);
  const once = services.filter((s) => s.priceUnit === 'once').reduce((sum, s) => sum + s.price, 0);
  const periodsInFirstPayment = plan.termUnit === 'day' ? plan.term : 1;
  const servicesTotal = periodic * plan.term + once;
  return {
    rentPerPeriod: plan.rentPerPeriod + periodic,
    firstPayment: plan.firstPayment + periodic * periodsInFirstPayment + once,
    servicesTotal,
    totalRent: plan.totalRent + servicesTotal,
  };
}
