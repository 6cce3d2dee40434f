import type { GoodsPlan, GoodsSku, ValueAddedService } from '@contract/api/goods';
import {
  addToHistory,
  clearHistory,
  loadHistory,
  rememberKeyword,
  SEARCH_HISTORY_LIMIT,
} from './search-history';
import {
  choose,
  chosenServices,
  initialChoice,
  plansForSku,
  priceBreakdown,
  rentNowUrl,
  selectedSku,
  skuOptions,
} from './pricing';

function sku(
  id: number,
  color: string,
  capacity: string,
  condition: GoodsSku['condition'],
  stock = 5,
): GoodsSku {
  return { id, color, capacity, condition, price: 799900, stock, image: `/assets/${id}.png` };
}

// 黑色 256GB is sold out; 白色 only comes as 128GB 99新.
const SKUS = [
  sku(1, '黑色', '128GB', '全新'),
  sku(2, '黑色', '256GB', '全新', 0),
  sku(3, '黑色', '128GB', '99新'),
  sku(4, '白色', '128GB', '99新'),
];

function plan(id: number, skuId: number, termUnit: 'month' | 'day', term: number): GoodsPlan {
  const rent = termUnit === 'month' ? 30000 : 2000;
  return {
    id,
    skuId,
    termUnit,
    term,
    rentPerPeriod: rent,
    firstPayment: termUnit === 'month' ? rent : rent * term,
    deposit: 150000,
    totalRent: rent * term,
    buyoutPrices: Array.from({ length: term + 1 }, (_, k) => 500000 - k * 10000),
  };
}

const SERVICES: ValueAddedService[] = [
  { id: 7, name: '碎屏险', description: '', price: 1500, priceUnit: 'period', required: true },
  { id: 8, name: '意外险', description: '', price: 9900, priceUnit: 'once', required: false },
  { id: 9, name: '数据清除', description: '', price: 500, priceUnit: 'period', required: false },
];

describe('search history', () => {
  it('puts the latest search first and keeps one copy of each keyword', () => {
    let history: string[] = [];
    for (const word of ['iPhone', '相机', ' iphone ', 'MacBook'])
      history = addToHistory(history, word);
    expect(history).toEqual(['MacBook', 'iphone', '相机']);
  });

  it('keeps the 10 most recent', () => {
    let history: string[] = [];
    for (let i = 1; i <= 12; i += 1) history = addToHistory(history, `关键词${i}`);
    expect(history).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect(history[0]).toBe('关键词12');
    expect(history).not.toContain('关键词2');
  });

  it('ignores blank keywords and collapses inner spaces', () => {
    expect(addToHistory(['a'], '   ')).toEqual(['a']);
    expect(addToHistory([], '  iPhone   16 ')).toEqual(['iPhone 16']);
  });

  it('survives a restart through storage and clears', () => {
    rememberKeyword('大疆');
    rememberKeyword('Switch');
    rememberKeyword('大疆');
    expect(loadHistory()).toEqual(['大疆', 'Switch']);
    clearHistory();
    expect(loadHistory()).toEqual([]);
  });
});

describe('SKU picker', () => {
  it('starts on the first SKU in stock', () => {
    expect(initialChoice([sku(2, '黑色', '256GB', '全新', 0), ...SKUS])).toEqual({
      color: '黑色',
      capacity: '128GB',
      condition: '全新',
    });
  });

  it('disables values that make no SKU in stock with the other choices', () => {
    const options = skuOptions(SKUS, { color: '黑色', capacity: '128GB', condition: '全新' });
    // 256GB exists but only sold out.
    expect(options.capacity).toEqual([
      { value: '128GB', disabled: false },
      { value: '256GB', disabled: true },
    ]);
    // 白色 is only 99新, so it is unavailable next to 全新.
    expect(options.color).toEqual([
      { value: '黑色', disabled: false },
      { value: '白色', disabled: true },
    ]);
    expect(
      skuOptions(SKUS, { color: '白色', capacity: '128GB', condition: '99新' }).condition,
    ).toEqual([
      { value: '全新', disabled: true },
      { value: '99新', disabled: false },
    ]);
  });

  it('moves the other choices when a pick leaves nothing in stock', () => {
    const next = choose(
      SKUS,
      { color: '黑色', capacity: '128GB', condition: '全新' },
      'color',
      '白色',
    );
    expect(next).toEqual({ color: '白色', capacity: '128GB', condition: '99新' });
    expect(selectedSku(SKUS, next)?.id).toBe(4);
  });

  it('keeps the other choices when they still fit', () => {
    const next = choose(
      SKUS,
      { color: '黑色', capacity: '128GB', condition: '全新' },
      'condition',
      '99新',
    );
    expect(selectedSku(SKUS, next)?.id).toBe(3);
  });
});

describe('plans and prices', () => {
  const plans = [
    plan(1, 1, 'month', 6),
    plan(2, 1, 'day', 7),
    plan(3, 1, 'month', 12),
    plan(4, 3, 'month', 12),
  ];

  it('lists the SKU plans, months first and longest first', () => {
    expect(plansForSku(plans, 1).map((p) => p.id)).toEqual([3, 1, 2]);
    expect(plansForSku(plans, 3).map((p) => p.id)).toEqual([4]);
  });

  it('always includes required services and adds picked ones', () => {
    expect(chosenServices(SERVICES, new Set()).map((s) => s.id)).toEqual([7]);
    expect(chosenServices(SERVICES, new Set([9])).map((s) => s.id)).toEqual([7, 9]);
  });

  it('adds per-period services to every rent and one-off ones to the first payment', () => {
    const monthly = plan(3, 1, 'month', 12);
    expect(priceBreakdown(monthly, chosenServices(SERVICES, new Set()), 799900)).toEqual({
      rentPerPeriod: 31500,
      firstPayment: 31500,
      deposit: 150000,
      buyoutPrice: 380000,
      servicesTotal: 18000,
      totalRent: 378000,
    });
    const withAll = priceBreakdown(monthly, chosenServices(SERVICES, new Set([8, 9])), 799900);
    expect(withAll.rentPerPeriod).toBe(32000);
    expect(withAll.firstPayment).toBe(32000 + 9900);
    expect(withAll.servicesTotal).toBe(2000 * 12 + 9900);
  });

  it('charges a day plan its whole term up front, services included', () => {
    const daily = plan(2, 1, 'day', 7);
    const price = priceBreakdown(daily, chosenServices(SERVICES, new Set()), 799900);
    expect(price.rentPerPeriod).toBe(3500);
    expect(price.firstPayment).toBe(3500 * 7);
    expect(price.buyoutPrice).toBe(500000 - 7 * 10000);
  });

  it('never asks more for the buy-out than the market price less the rent paid', () => {
    // 12 × ¥300 paid on an item worth ¥4,000: the plan's ¥3,800 would make it cost ¥7,600.
    const monthly = plan(3, 1, 'month', 12);
    expect(priceBreakdown(monthly, [], 400000).buyoutPrice).toBe(400000 - 12 * 30000);
    // Rent beyond the market price leaves the ¥1 at which ownership passes.
    expect(priceBreakdown(monthly, [], 300000).buyoutPrice).toBe(100);
  });

  it('passes the choices to the confirm-order page', () => {
    expect(rentNowUrl({ id: 12 }, 3, 4, chosenServices(SERVICES, new Set([9])))).toBe(
      '/pages/order/order?goodsId=12&skuId=3&planId=4&serviceIds=7,9',
    );
  });
});
