import type { GoodsInfo, GoodsPlan, GoodsSku, ValueAddedService } from '@contract/api/goods';
import { leaseQuote } from '@contract/lease';

/** The three things a customer picks a SKU by, in the order the picker shows them. */
export const SKU_DIMENSIONS = ['color', 'capacity', 'condition'] as const;
export type SkuDimension = (typeof SKU_DIMENSIONS)[number];
export type SkuChoice = Partial<Record<SkuDimension, string>>;

export interface SkuOption {
  value: string;
  /** No SKU in stock has this value together with the other choices made. */
  disabled: boolean;
}

function inStock(sku: GoodsSku): boolean {
  return sku.stock > 0;
}

function matches(sku: GoodsSku, choice: SkuChoice, ignore?: SkuDimension): boolean {
  return SKU_DIMENSIONS.every(
    (dim) => dim === ignore || choice[dim] === undefined || sku[dim] === choice[dim],
  );
}

/** Every value of each dimension in the order the SKUs list them, with availability. */
export function skuOptions(
  skus: readonly GoodsSku[],
  choice: SkuChoice,
): Record<SkuDimension, SkuOption[]> {
  const result = {} as Record<SkuDimension, SkuOption[]>;
  for (const dim of SKU_DIMENSIONS) {
    const values = [...new Set(skus.map((sku) => sku[dim]))];
    result[dim] = values.map((value) => ({
      value,
      disabled: !skus.some(
        (sku) => inStock(sku) && sku[dim] === value && matches(sku, choice, dim),
      ),
    }));
  }
  return result;
}

/** The first SKU in stock (the page's starting choice); the first SKU if none is. */
export function initialChoice(skus: readonly GoodsSku[]): SkuChoice {
  const sku = skus.find(inStock) ?? skus[0];
  return sku ? { color: sku.color, capacity: sku.capacity, condition: sku.condition } : {};
}

/**
 * Picks `value` for `dim`. When the other choices no longer make an SKU in stock, they move to
 * the first SKU in stock that has the new value, so the picker never lands on nothing.
 */
export function choose(
  skus: readonly GoodsSku[],
  choice: SkuChoice,
  dim: SkuDimension,
  value: string,
): SkuChoice {
  const next = { ...choice, [dim]: value };
  if (skus.some((sku) => inStock(sku) && matches(sku, next))) return next;
  const fallback = skus.find((sku) => inStock(sku) && sku[dim] === value);
  return fallback
    ? { color: fallback.color, capacity: fallback.capacity, condition: fallback.condition }
    : choice;
}

export function selectedSku(skus: readonly GoodsSku[], choice: SkuChoice): GoodsSku | undefined {
  return skus.find((sku) => SKU_DIMENSIONS.every((dim) => sku[dim] === choice[dim]));
}

/** The SKU's plans, monthly first, longest term first within a unit. */
export function plansForSku(plans: readonly GoodsPlan[], skuId: number | undefined): GoodsPlan[] {
  return plans
    .filter((plan) => plan.skuId === skuId)
    .sort((a, b) =>
      a.termUnit === b.termUnit ? b.term - a.term : a.termUnit === 'month' ? -1 : 1,
    );
}

/** Required services are always in; optional ones as the customer ticks them. */
export function chosenServices(
  services: readonly ValueAddedService[],
  picked: ReadonlySet<number>,
): ValueAddedService[] {
  return services.filter((service) => service.required || picked.has(service.id));
}

export interface PriceBreakdown {
  /** What each period asks for: rent plus per-period services. */
  rentPerPeriod: number;
  /** Paid on signing, before any coupon: the plan's first payment plus the services due then. */
  firstPayment: number;
  /** What the chosen services add over the whole term. */
  servicesTotal: number;
  /** All rent over the term, services included (deposit and buy-out excluded). */
  totalRent: number;
  deposit: number;
  /** To buy the item out once every period is paid. */
  buyoutPrice: number;
}

/**
 * The plan's prices with the chosen services: the lease quote's figures (contract/lease), the
 * same the confirm page, the contract and the bills state. `marketPrice` is the SKU's.
 */
export function priceBreakdown(
  plan: GoodsPlan,
  services: readonly ValueAddedService[],
  marketPrice: number,
): PriceBreakdown {
  const quote = leaseQuote({ plan, services, marketPrice, depositMethod: 'freeze' });
  return {
    rentPerPeriod: quote.perPeriod,
    firstPayment: quote.firstBill,
    servicesTotal: quote.servicesTotal,
    totalRent: quote.totalRent,
    deposit: quote.deposit,
    buyoutPrice: quote.finalBuyout,
  };
}

/** The confirm-order page's query for the choices on the product page. */
export function rentNowUrl(
  goods: Pick<GoodsInfo, 'id'>,
  skuId: number,
  planId: number,
  services: readonly ValueAddedService[],
): string {
  // Integer ids and commas need no escaping.
  const serviceIds = services.map((s) => s.id).join(',');
  return `/pages/order/order?goodsId=${goods.id}&skuId=${skuId}&planId=${planId}&serviceIds=${serviceIds}`;
}
