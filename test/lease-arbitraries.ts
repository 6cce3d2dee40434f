/**
 * Generated leases for the money property tests (contract/lease/quote.test.ts in jest, and
 * server/test/lease-views.test.ts against a real server): terms of months and days, per-period
 * and one-off services, coupons with thresholds, every deposit method, buy-out tables as
 * merchants write them (often above the market price at first), and days around month ends and
 * leap days.
 */
import fc from 'fast-check';
import type { LeaseTerms } from '../contract/lease/index.ts';

/** A day around a month's end, in a leap year or not (2024, 2028 leap; 2026, 2027, 2100 not). */
export const dayArb = fc
  .record({
    year: fc.constantFrom(2024, 2026, 2027, 2028, 2100),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.constantFrom(1, 15, 27, 28, 29, 30, 31),
  })
  .map(({ year, month, day }) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const d = Math.min(day, last);
    return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  });

export const termsArb: fc.Arbitrary<LeaseTerms> = fc
  .record({
    termUnit: fc.constantFrom('month' as const, 'day' as const),
    term: fc.integer({ min: 1, max: 24 }),
    rentPerPeriod: fc.integer({ min: 1, max: 300_000 }),
    // Most plans pay one period first; some state a first payment of their own.
    firstOwn: fc.option(fc.integer({ min: 0, max: 300_000 }), { freq: 3 }),
    deposit: fc.integer({ min: 0, max: 500_000 }),
    start: fc.integer({ min: 0, max: 2_000_000 }),
    step: fc.integer({ min: 0, max: 200_000 }),
    services: fc.array(
      fc.record({
        price: fc.integer({ min: 1, max: 20_000 }),
        priceUnit: fc.constantFrom('once' as const, 'period' as const),
      }),
      { maxLength: 3 },
    ),
    marketPrice: fc.integer({ min: 1, max: 2_000_000 }),
    depositMethod: fc.constantFrom(
      'freeze' as const,
      'card' as const,
      'paid' as const,
      'waived' as const,
    ),
    coupon: fc.option(
      fc.record({
        amount: fc.integer({ min: 1, max: 100_000 }),
        minAmount: fc.integer({ min: 0, max: 300_000 }),
      }),
    ),
  })
  .map((g) => ({
    plan: {
      termUnit: g.termUnit,
      term: g.term,
      rentPerPeriod: g.rentPerPeriod,
      firstPayment:
        g.firstOwn ?? (g.termUnit === 'day' ? g.rentPerPeriod * g.term : g.rentPerPeriod),
      deposit: g.deposit,
      // A falling table as merchants write it, often above the market price at first.
      buyoutPrices: Array.from({ length: g.term + 1 }, (_, k) => Math.max(0, g.start - k * g.step)),
    },
    services: g.services,
    marketPrice: g.marketPrice,
    depositMethod: g.depositMethod,
    coupon: g.coupon,
  }));
