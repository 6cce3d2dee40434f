/**
 * The catalogue's rules beyond the shape the schema checks: each problem names its field
 * (`skus[1].price`) and says what is wrong, so the editor can show it at the field and the
 * import's dry run per row. One set of rules for the console's form and the import.
 */
import { sanitizeHtml } from '../lib/sanitize.ts';
import { DESCRIPTION_TAGS } from '../../../contract/catalog/description.ts';
import type { BrandPriceInput, GoodsInput, PlanInput } from '../../../contract/admin/catalog.ts';

export interface FieldProblem {
  field: string;
  message: string;
}

/** Rich text as the storefront may show it: no scripts, handlers, frames or foreign schemes. */
export function sanitizeDescription(html: string): Promise<string> {
  return sanitizeHtml(html, {
    allowedTags: [...DESCRIPTION_TAGS],
    allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
    allowedSchemes: ['https', 'http'],
    allowedSchemesByTag: { img: ['https', 'http'] },
    allowProtocolRelative: false,
  });
}

const MAX_FEN = 100_000_000;

/** A money field: an integer of 0 … 1,000,000 yuan (or above 0 when `positive`). */
export function moneyProblem(value: number, label: string, positive = false): string | undefined {
  if (!Number.isInteger(value)) return `${label}须为整数（分）`;
  if (value < 0) return `${label}不能为负数`;
  if (positive && value === 0) return `${label}须大于 0`;
  if (value > MAX_FEN) return `${label}不能超过 1,000,000 元`;
  return undefined;
}

/** A plan's term: 1-36 months or 1-365 days. */
export function termProblem(unit: 'month' | 'day', term: number): string | undefined {
  const max = unit === 'month' ? 36 : 365;
  if (!Number.isInteger(term) || term < 1 || term > max)
    return `租期须为 1-${max} ${unit === 'month' ? '个月' : '天'}`;
  return undefined;
}

export const planKey = (plan: Pick<PlanInput, 'skuCode' | 'termUnit' | 'term'>) =>
  `${plan.skuCode}/${plan.termUnit}/${plan.term}`;

/** A plan's own problems (its SKU is checked by the caller, which knows the SKUs). */
export function planProblems(plan: PlanInput, at: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string | undefined) => {
    if (message) problems.push({ field: `${at}.${field}`, message });
  };
  add('term', termProblem(plan.termUnit, plan.term));
  add('rentPerPeriod', moneyProblem(plan.rentPerPeriod, '租金', true));
  add('deposit', moneyProblem(plan.deposit, '押金'));
  if (plan.buyoutPrices) {
    if (plan.buyoutPrices.length !== plan.term + 1)
      add('buyoutPrices', `买断价须有 ${plan.term + 1} 项（已付 0 … ${plan.term} 期各一项）`);
    plan.buyoutPrices.forEach((price, k) => {
      add(`buyoutPrices[${k}]`, moneyProblem(price, '买断价'));
      if (k > 0 && price > (plan.buyoutPrices?.[k - 1] ?? price))
        add(`buyoutPrices[${k}]`, '买断价不能随已付期数上升');
    });
  }
  return problems;
}

export function brandPriceProblems(
  prices: readonly BrandPriceInput[],
  planKeys: ReadonlySet<string>,
  at = 'brandPrices',
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  prices.forEach((price, i) => {
    const key = `${price.platform}:${planKey(price)}`;
    if (!planKeys.has(planKey(price)))
      problems.push({
        field: `${at}[${i}]`,
        message: `没有 ${price.skuCode} ${price.term}${price.termUnit === 'month' ? '个月' : '天'} 的方案`,
      });
    if (seen.has(key))
      problems.push({ field: `${at}[${i}]`, message: `品牌 ${price.platform} 的该方案价格重复` });
    seen.add(key);
    const money = moneyProblem(price.rentPerPeriod, '品牌租金', true);
    if (money) problems.push({ field: `${at}[${i}].rentPerPeriod`, message: money });
  });
  return problems;
}

/** Every problem of a goods as sent (SKU codes taken by other goods are checked in the DB). */
export function goodsProblems(input: GoodsInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (input.name.trim() === '') problems.push({ field: 'name', message: '商品名称不能为空' });
  const market = moneyProblem(input.marketPrice, '市场价');
  if (market) problems.push({ field: 'marketPrice', message: market });
  const codes = new Set<string>();
  input.skus.forEach((sku, i) => {
    const lower = sku.code.toLowerCase();
    if (codes.has(lower))
      problems.push({ field: `skus[${i}].code`, message: `SKU 编码 ${sku.code} 重复` });
    codes.add(lower);
    const price = moneyProblem(sku.price, 'SKU 价格');
    if (price) problems.push({ field: `skus[${i}].price`, message: price });
  });
  const keys = new Set<string>();
  input.plans.forEach((plan, i) => {
    if (!codes.has(plan.skuCode.toLowerCase()))
      problems.push({ field: `plans[${i}].skuCode`, message: `没有编码为 ${plan.skuCode} 的 SKU` });
    const key = planKey(plan);
    if (keys.has(key))
      problems.push({ field: `plans[${i}]`, message: '同一 SKU 的同一租期只能有一个方案' });
    keys.add(key);
    problems.push(...planProblems(plan, `plans[${i}]`));
  });
  const skusWithPlans = new Set(input.plans.map((plan) => plan.skuCode.toLowerCase()));
  input.skus.forEach((sku, i) => {
    if (!skusWithPlans.has(sku.code.toLowerCase()))
      problems.push({ field: `skus[${i}]`, message: `SKU ${sku.code} 没有租赁方案` });
  });
  if (new Set(input.serviceIds).size !== input.serviceIds.length)
    problems.push({ field: 'serviceIds', message: '增值服务重复' });
  if (new Set(input.brands).size !== input.brands.length)
    problems.push({ field: 'brands', message: '品牌重复' });
  problems.push(...brandPriceProblems(input.brandPrices ?? [], keys));
  return problems;
}

/** The buy-out prices a plan left to the rule: the SKU's value less the rent paid, down to 0. */
export function ruleBuyoutPrices(plan: PlanInput, skuPrice: number): number[] {
  return Array.from({ length: plan.term + 1 }, (_, k) =>
    Math.max(0, skuPrice - plan.rentPerPeriod * k),
  );
}

/** What a goods' card shows as its lowest rent: the cheapest plan's rent per month. */
export function minMonthlyRent(plans: readonly PlanInput[]): number {
  const monthly = plans.map((plan) =>
    plan.termUnit === 'month' ? plan.rentPerPeriod : plan.rentPerPeriod * 30,
  );
  return Math.min(...monthly);
}
