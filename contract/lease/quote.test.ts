/**
 * The lease quote against the rules a customer reads in the contract, for generated leases:
 * terms of months and days, per-period and one-off services, coupons with thresholds, every
 * deposit method, and receipt dates around month ends and leap days. The server's views of a
 * real order are checked against the same quote in server/test/lease-views.test.ts.
 */
import fc from 'fast-check';
import { dayArb, termsArb } from '../../test/lease-arbitraries';
import {
  addDays,
  buyoutPriceAfter,
  buyoutQuote,
  dueDateOf,
  earlyReturnQuote,
  EARLY_RETURN_FEE_BP,
  endOf,
  leaseQuote,
  MIN_BUYOUT_PRICE,
  owedOn,
  periodsPaidBy,
  rentPaidAfter,
  type LeaseBill,
  type LeaseTerms,
} from './index';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The bills of a quote once `paid` rent bills are paid, as the engine keeps them. */
function billsAfter(terms: LeaseTerms, paid: number): LeaseBill[] {
  return leaseQuote(terms).schedule.map((bill, index) => {
    const isRent = bill.kind !== 'DEPOSIT';
    const rentIndex = isRent ? bill.period - 1 : 0;
    const settled = !isRent || rentIndex < paid;
    return {
      id: index + 1,
      kind: bill.kind,
      period: bill.period,
      original: bill.original,
      discount: bill.discount,
      overdue_fee: 0,
      paid: settled ? bill.amount : 0,
      status: settled ? 'paid' : 'unpaid',
    };
  });
}

/** The contract's date rule read on its own: n months after the start, the month's last day if short. */
function monthsAfter(start: string, n: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(y, m - 1 + n, Math.min(d, last)));
  return date.toISOString().slice(0, 10);
}

describe('the lease quote', () => {
  test('every figure agrees with the schedule it states', () => {
    fc.assert(
      fc.property(termsArb, (terms) => {
        const q = leaseQuote(terms);
        const rent = q.schedule.filter((b) => b.kind !== 'DEPOSIT');
        const first = rent[0]!;
        expect(rent.length).toBe(terms.plan.termUnit === 'month' ? terms.plan.term : 1);
        expect(first.kind).toBe('FIRST');
        expect(first.original).toBe(q.firstBill);
        for (const bill of rent.slice(1)) expect(bill.original).toBe(q.perPeriod);
        expect(q.perPeriod).toBe(terms.plan.rentPerPeriod + q.servicesPerPeriod);
        // Nothing is charged twice or forgotten: the term's rent and services, less the coupon.
        expect(q.totalRent).toBe(sum(rent.map((b) => b.original)));
        expect(q.totalPayable).toBe(sum(rent.map((b) => b.amount)));
        expect(q.totalPayable).toBe(q.totalRent - q.couponDiscount);
        const periods = terms.plan.termUnit === 'month' ? terms.plan.term : 1;
        expect(q.totalRent).toBe(
          terms.plan.firstPayment +
            terms.plan.rentPerPeriod * (periods - 1) +
            q.servicesPerPeriod * terms.plan.term +
            q.servicesOnce,
        );
        // The first payment is the first bill after the coupon, and the deposit when it is paid.
        const deposit = q.schedule.filter((b) => b.kind === 'DEPOSIT');
        expect(q.payNow).toBe(first.amount + sum(deposit.map((b) => b.amount)));
        expect(deposit.length).toBe(
          terms.depositMethod === 'paid' && terms.plan.deposit > 0 ? 1 : 0,
        );
        // The coupon: only over its threshold, never more than the first bill.
        const c = terms.coupon;
        expect(q.couponDiscount).toBe(
          c && q.firstBill >= c.minAmount ? Math.min(c.amount, q.firstBill) : 0,
        );
        expect(first.discount).toBe(q.couponDiscount);
      }),
    );
  });

  test('a buy-out never costs more than the market price less the rent paid (¥1 at least)', () => {
    fc.assert(
      fc.property(termsArb, (terms) => {
        const q = leaseQuote(terms);
        const { plan, marketPrice } = terms;
        // One row for each point at which rent is paid: every period, or a day plan's whole term.
        expect(q.buyout.map((row) => row.afterPeriods)).toEqual(
          plan.termUnit === 'month'
            ? Array.from({ length: plan.term }, (_, k) => k + 1)
            : [plan.term],
        );
        for (const { afterPeriods, price } of q.buyout) {
          const cap = Math.max(marketPrice - rentPaidAfter(plan, afterPeriods), MIN_BUYOUT_PRICE);
          expect(price).toBeLessThanOrEqual(cap);
          expect(price).toBeLessThanOrEqual(plan.buyoutPrices[afterPeriods]!);
          expect(price).toBe(buyoutPriceAfter(plan, marketPrice, afterPeriods));
        }
        expect(q.finalBuyout).toBe(q.buyout.at(-1)!.price);
      }),
    );
  });

  test('the buy-out sheet after k periods quotes the contract’s row for k', () => {
    fc.assert(
      fc.property(termsArb, fc.nat(24), (terms, paidSeed) => {
        const q = leaseQuote(terms);
        const rentBills = terms.plan.termUnit === 'month' ? terms.plan.term : 1;
        const paid = 1 + (paidSeed % rentBills);
        const bills = billsAfter(terms, paid);
        const periods = periodsPaidBy(terms.plan, bills);
        const row = q.buyout.find((r) => r.afterPeriods === periods);
        const quote = buyoutQuote({
          plan: terms.plan,
          marketPrice: terms.marketPrice,
          bills,
          today: '2000-01-01',
          dueDates: new Map(),
          depositAvailable: 0,
        });
        expect(row).toBeDefined();
        expect(quote.price).toBe(row!.price);
      }),
    );
  });

  test('after receipt every rent falls due on the day the contract’s rule names', () => {
    fc.assert(
      fc.property(termsArb, dayArb, (terms, receivedOn) => {
        const start = addDays(receivedOn, 1);
        const q = leaseQuote(terms);
        const dates = q.schedule.map((bill) =>
          dueDateOf(bill.due, { placedOn: '2000-01-01', start }),
        );
        const end = endOf(terms.plan.termUnit, start, terms.plan.term);
        q.schedule.forEach((bill, index) => {
          if (bill.due.at === 'firstPayment') expect(dates[index]).toBe('2000-01-01');
          else {
            // 起租日后第 n 个月的对应日（该月没有对应日的，为该月最后一日）.
            expect(dates[index]).toBe(monthsAfter(start, bill.due.after));
            expect(bill.due.after).toBe(bill.period - 1);
            expect(dates[index]! > start && dates[index]! <= end).toBe(true);
          }
        });
      }),
    );
  });

  test('an early return waives exactly the rent not yet due and charges its share', () => {
    fc.assert(
      fc.property(termsArb, dayArb, fc.nat(24), (terms, receivedOn, paidSeed) => {
        const start = addDays(receivedOn, 1);
        const q = leaseQuote(terms);
        const rentBills = terms.plan.termUnit === 'month' ? terms.plan.term : 1;
        const paid = 1 + (paidSeed % rentBills);
        const bills = billsAfter(terms, paid);
        const dueDates = new Map(
          q.schedule.map((bill, i) => [
            i + 1,
            dueDateOf(bill.due, { placedOn: receivedOn, start }),
          ]),
        );
        const quote = earlyReturnQuote({ bills, today: start, dueDates });
        const waived = sum(
          bills.filter((b) => b.status === 'unpaid').map((b) => b.original - b.discount),
        );
        expect(quote.lines[0]!.amount).toBe(-waived);
        expect(quote.fee).toBe(Math.ceil((waived * EARLY_RETURN_FEE_BP) / 10_000));
        expect(quote.total).toBe(quote.fee);
        // And none of it is "owed" on the day the rent starts: it is all still to come.
        const owed = owedOn(
          bills.map((b) => ({ ...b, dueDate: dueDates.get(b.id) })),
          start,
        );
        expect(owed).toEqual({ dueNow: 0, overdue: 0, notYetDue: waived });
      }),
    );
  });
});
