/**
 * Turns the demo catalogue (catalog-data.ts) into table rows with fixed ids, prices in fen and
 * rental plans whose buy-out price falls as periods are paid. Pure and deterministic, so every
 * fresh database has the same ids (goods 1 is always the same phone).
 */
import {
  BANNERS,
  CATEGORIES,
  DEMO_CHANNELS,
  EXPLAINS,
  GOODS,
  VALUE_ADDED_SERVICES,
  type DeviceShape,
  type GoodsSeed,
} from './catalog-data.ts';
import { indexTerms, normalizeSearchText } from './search-terms.ts';

export const CONDITIONS = ['全新', '99新', '95新'] as const;
const CONDITION_FACTOR: Record<(typeof CONDITIONS)[number], number> = {
  全新: 1,
  '99新': 0.85,
  '95新': 0.75,
};

export interface PlanTemplate {
  unit: 'month' | 'day';
  term: number;
  /** Total rent over the term as a share of the SKU's value. */
  rentShare: number;
  /** Deposit as a share of the SKU's value (reduced later by credit checks). */
  depositShare: number;
  /** How much of each paid rent counts towards the buy-out price. */
  buyoutCredit: number;
}

const MONTH_PLANS: readonly PlanTemplate[] = [
  { unit: 'month', term: 12, rentShare: 1.1, depositShare: 0.3, buyoutCredit: 0.92 },
  { unit: 'month', term: 6, rentShare: 0.68, depositShare: 0.3, buyoutCredit: 0.92 },
  { unit: 'month', term: 3, rentShare: 0.4, depositShare: 0.3, buyoutCredit: 0.92 },
];
/** Short-term gear (cameras, drones, consoles …) is also rented by the day. */
const DAY_CATEGORY_PLANS: readonly PlanTemplate[] = [
  { unit: 'month', term: 6, rentShare: 0.68, depositShare: 0.3, buyoutCredit: 0.92 },
  { unit: 'day', term: 15, rentShare: 0.15, depositShare: 0.5, buyoutCredit: 0.5 },
  { unit: 'day', term: 7, rentShare: 0.084, depositShare: 0.5, buyoutCredit: 0.5 },
];

/** Buy-out starts a little above the value, as renting first and buying later costs more. */
const BUYOUT_MARKUP = 1.08;
const MIN_BUYOUT_FEN = 100;

const yuanToFen = (yuan: number): number => Math.round(yuan * 100);
/** Rents are whole yuan, rounded up. */
const ceilToYuan = (fen: number): number => Math.ceil(fen / 100) * 100;
/** Market values and deposits are whole tens of yuan. */
const roundToTenYuan = (fen: number): number => Math.round(fen / 1000) * 1000;

export interface PlanPrices {
  rentPerPeriod: number;
  firstPayment: number;
  deposit: number;
  buyoutPrices: number[];
}

/** Prices of one plan for an item worth `valueFen`. `buyoutPrices[k]` = after k periods paid. */
export function planPrices(valueFen: number, plan: PlanTemplate): PlanPrices {
  const rentPerPeriod = ceilToYuan((valueFen * plan.rentShare) / plan.term);
  // Monthly plans pay the first month up front; day plans pay the whole short term up front.
  const firstPayment = plan.unit === 'month' ? rentPerPeriod : rentPerPeriod * plan.term;
  const deposit = roundToTenYuan(valueFen * plan.depositShare);
  const start = ceilToYuan(valueFen * BUYOUT_MARKUP);
  const buyoutPrices: number[] = [];
  for (let paid = 0; paid <= plan.term; paid++) {
    const price = ceilToYuan(start - paid * rentPerPeriod * plan.buyoutCredit);
    buyoutPrices.push(Math.max(MIN_BUYOUT_FEN, price));
  }
  return { rentPerPeriod, firstPayment, deposit, buyoutPrices };
}

/** A small seeded PRNG (mulberry32), so sales and stock look varied but never change. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const goodsImage = (slug: string, colorIndex: number) =>
  `/assets/goods/${slug}-${colorIndex}.png`;
/**
 * The list cover: the first picture at the size lists show it (a 600 px picture is ~19 KB, the
 * cover ~5 KB; a list's first screen loads ten of them on slow mobile networks).
 */
export const goodsCover = (slug: string) => `/assets/goods/${slug}-cover.png`;
export const categoryIcon = (key: DeviceShape) => `/assets/category/${key}.png`;
export const bannerImage = (key: string) => `/assets/banner/${key}.png`;
export const DETAIL_IMAGES = ['/assets/detail/process.png', '/assets/detail/guarantee.png'];

const HOT_GOODS_COUNT = 20;
const ENJOY_MIN_PRICE_YUAN = 9000;
/** The goods cards' tags, in turn (the served languages translate them: i18n/content-sources.ts). */
export const TAG_SETS: readonly (readonly string[])[] = [
  ['信用免押', '顺丰包邮'],
  ['支持买断', '次日发货'],
  ['新品', '信用免押'],
  ['随租随还', '顺丰包邮'],
];

export interface CatalogRows {
  categories: { id: number; name: string; icon: string; sort: number }[];
  categoryChannels: { channel_code: string; category_id: number; sort: number }[];
  goods: {
    id: number;
    category_id: number;
    name: string;
    subtitle: string;
    brand_name: string;
    cover: string;
    images: string;
    detail_images: string;
    tags: string;
    min_rent: number;
    market_price: number;
    sales: number;
    is_hot: boolean;
    is_enjoy: boolean;
    sort: number;
    search_text: string;
  }[];
  searchTerms: { term: string; goods_id: number }[];
  skus: {
    id: number;
    goods_id: number;
    color: string;
    capacity: string;
    condition: string;
    price: number;
    stock: number;
    image: string;
    sort: number;
  }[];
  plans: {
    id: number;
    goods_id: number;
    sku_id: number;
    term_unit: 'month' | 'day';
    term: number;
    rent_per_period: number;
    first_payment: number;
    deposit: number;
    buyout_prices: string;
    sort: number;
  }[];
  services: {
    id: number;
    name: string;
    description: string;
    price: number;
    price_unit: 'once' | 'period';
    required: boolean;
    sort: number;
  }[];
  goodsServices: { goods_id: number; service_id: number }[];
  explains: {
    goods_id: number | null;
    kind: (typeof EXPLAINS)[number]['kind'];
    title: string;
    content: string;
    sort: number;
  }[];
  /** Goods id by slug, for banners, tabs and default goods. */
  goodsIdBySlug: Map<string, number>;
  categoryIdByKey: Map<DeviceShape, number>;
}

function skuVariants(goods: GoodsSeed) {
  const variants: {
    colorIndex: number;
    capacityIndex: number;
    condition: (typeof CONDITIONS)[number];
  }[] = [];
  goods.colors.forEach((_color, colorIndex) =>
    goods.capacities.forEach((_capacity, capacityIndex) =>
      variants.push({ colorIndex, capacityIndex, condition: '全新' }),
    ),
  );
  // Used stock is offered in the first colour only, as a rental shop's returns would be.
  goods.capacities.forEach((_capacity, capacityIndex) =>
    variants.push({ colorIndex: 0, capacityIndex, condition: '99新' }),
  );
  if (goods.offers95) variants.push({ colorIndex: 0, capacityIndex: 0, condition: '95新' });
  return variants;
}

export function buildCatalogRows(): CatalogRows {
  const rand = random(20241121);
  const categoryIdByKey = new Map<DeviceShape, number>();
  const categories = CATEGORIES.map((category, index) => {
    categoryIdByKey.set(category.key, index + 1);
    return { id: index + 1, name: category.name, icon: categoryIcon(category.key), sort: index };
  });

  const services = VALUE_ADDED_SERVICES.map((service, index) => ({
    id: index + 1,
    name: service.name,
    description: service.description,
    price: yuanToFen(service.price),
    price_unit: service.priceUnit,
    required: service.required,
    sort: index,
  }));
  const serviceIdByKey = new Map(VALUE_ADDED_SERVICES.map((s, index) => [s.key, index + 1]));

  const sales = GOODS.map(() => Math.floor(rand() * 5000) + 50);
  const hotThreshold = [...sales].sort((a, b) => b - a)[HOT_GOODS_COUNT - 1];

  const rows: CatalogRows = {
    categories,
    categoryChannels: [],
    goods: [],
    searchTerms: [],
    skus: [],
    plans: [],
    services,
    goodsServices: [],
    explains: [],
    goodsIdBySlug: new Map(),
    categoryIdByKey,
  };

  GOODS.forEach((seed, index) => {
    const goodsId = index + 1;
    const category = CATEGORIES.find((c) => c.key === seed.category);
    if (!category) throw new Error(`unknown category ${seed.category} for ${seed.slug}`);
    rows.goodsIdBySlug.set(seed.slug, goodsId);

    const planTemplates = category.dayPlans ? DAY_CATEGORY_PLANS : MONTH_PLANS;
    let minMonthlyRent = Number.POSITIVE_INFINITY;
    skuVariants(seed).forEach((variant, skuIndex) => {
      const skuId = rows.skus.length + 1;
      const capacity = seed.capacities[variant.capacityIndex];
      const value = roundToTenYuan(
        yuanToFen((seed.price + capacity.extra) * CONDITION_FACTOR[variant.condition]),
      );
      rows.skus.push({
        id: skuId,
        goods_id: goodsId,
        color: seed.colors[variant.colorIndex].name,
        capacity: capacity.label,
        condition: variant.condition,
        price: value,
        stock: Math.floor(rand() * 40) + 1,
        image: goodsImage(seed.slug, variant.colorIndex),
        sort: skuIndex,
      });
      planTemplates.forEach((template, planIndex) => {
        const prices = planPrices(value, template);
        if (template.unit === 'month')
          minMonthlyRent = Math.min(minMonthlyRent, prices.rentPerPeriod);
        rows.plans.push({
          id: rows.plans.length + 1,
          goods_id: goodsId,
          sku_id: skuId,
          term_unit: template.unit,
          term: template.term,
          rent_per_period: prices.rentPerPeriod,
          first_payment: prices.firstPayment,
          deposit: prices.deposit,
          buyout_prices: JSON.stringify(prices.buyoutPrices),
          sort: planIndex,
        });
      });
    });

    const searchText = normalizeSearchText(
      `${seed.name} ${seed.brand} ${seed.model} ${category.name}`,
    );
    rows.goods.push({
      id: goodsId,
      category_id: categoryIdByKey.get(seed.category) ?? 0,
      name: seed.name,
      subtitle: seed.subtitle,
      brand_name: seed.brand,
      cover: goodsCover(seed.slug),
      images: JSON.stringify(
        seed.colors.map((_color, colorIndex) => goodsImage(seed.slug, colorIndex)),
      ),
      detail_images: JSON.stringify(DETAIL_IMAGES),
      tags: JSON.stringify(TAG_SETS[index % TAG_SETS.length]),
      min_rent: minMonthlyRent,
      market_price: yuanToFen(seed.price),
      sales: sales[index],
      is_hot: sales[index] >= hotThreshold,
      is_enjoy: seed.price >= ENJOY_MIN_PRICE_YUAN,
      sort: index,
      search_text: searchText,
    });
    for (const term of indexTerms(searchText)) rows.searchTerms.push({ term, goods_id: goodsId });
    for (const key of category.services) {
      const serviceId = serviceIdByKey.get(key);
      if (serviceId) rows.goodsServices.push({ goods_id: goodsId, service_id: serviceId });
    }
    EXPLAINS.filter((explain) => explain.category === seed.category).forEach((explain, i) =>
      rows.explains.push({
        goods_id: goodsId,
        kind: explain.kind,
        title: explain.title,
        content: explain.content,
        sort: 100 + i,
      }),
    );
  });

  EXPLAINS.filter((explain) => explain.category === null).forEach((explain, i) =>
    rows.explains.push({
      goods_id: null,
      kind: explain.kind,
      title: explain.title,
      content: explain.content,
      sort: i,
    }),
  );

  const channelCategories: Record<(typeof DEMO_CHANNELS)[number], DeviceShape[]> = {
    douyin: ['phone', 'camera', 'drone', 'console'],
    xhs: ['camera', 'vr', 'headphones', 'tablet'],
  };
  for (const channel of DEMO_CHANNELS) {
    channelCategories[channel].forEach((key, sort) =>
      rows.categoryChannels.push({
        channel_code: channel,
        category_id: categoryIdByKey.get(key) ?? 0,
        sort,
      }),
    );
  }
  return rows;
}

/** Banner keys each brand shows, rotated so the nine brands do not all look alike. */
export function brandBannerKeys(platform: number): string[] {
  return [0, 1, 2].map((offset) => BANNERS[(platform - 1 + offset) % BANNERS.length].key);
}
