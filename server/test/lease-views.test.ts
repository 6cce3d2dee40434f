// engines: pglite (every view's dates and sums from date and numeric columns: driver reads pinned in engine-types.test.ts)
/**
 * One money truth (issue 33): for generated leases — terms of months and days, services,
 * coupons, every deposit method, placed and received on days around month ends and leap days —
 * every view of the same real order states the same amounts and dates as the lease quote
 * (contract/lease) computed from the plan alone: the contract, the order detail and its bills,
 * the first payment's list and the payment it opens, the order-centre amounts, the bills' dates
 * after receipt, the buy-out sheet after some periods and the early-return sheet. A buy-out price
 * never exceeds the market price less the rent paid (¥1 at least).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import type { OrderDetail } from '../../contract/api/order.ts';
import {
  addDays,
  EARLY_RETURN_FEE_BP,
  leaseQuote,
  MIN_BUYOUT_PRICE,
  rentPaidAfter,
  type LeaseQuote,
  type LeaseTerms,
} from '../../contract/lease/index.ts';
import { dayArb, termsArb } from '../../test/lease-arbitraries.ts';
import { orderQuote } from '../src/orders/bills.ts';
import { orderCentreAmounts } from '../src/payments/alipay-order-sync.ts';
import type { TestServer } from './helpers.ts';
import {
  newShopper,
  ops,
  orderTestServer,
  payAtCashier,
  payFirst,
  signOrder,
  verifyUser,
  type Shopper,
} from './order-fixtures.ts';

/** Each run is a whole rental through the real server: a few dozen are plenty. */
const RUNS = Number(process.env.LEASE_RUNS ?? 25);
const GOODS_ID = 1;

let server: TestServer;
let skuId: number;

before(async () => {
  // A new renter per lease, each logged in by SMS code on a clock that jumps between years.
  ({ server } = await orderTestServer({
    SMS_PER_MINUTE: '1000',
    SMS_PER_HOUR: '1000',
    SMS_PER_DAY: '1000',
    SMS_PER_IP_HOUR: '100000',
  }));
  const sku = await server.db
    .selectFrom('goods_sku')
    .select('id')
    .where('goods_id', '=', GOODS_ID)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  skuId = sku.id;
  await server.db
    .updateTable('goods_sku')
    .set({ stock: 100_000 })
    .where('id', '=', skuId)
    .execute();
  // Only the services a run asks for: none is forced onto every order.
  await server.db.updateTable('value_added_service').set({ required: false }).execute();
});
after(() => server.close());

/** The server's clock at 10:00 Beijing time on `day`. */
function setClock(day: string) {
  const target = Date.parse(`${day}T02:00:00Z`);
  server.advanceClock((target - server.app.deps.now().getTime()) / 1000);
}

const fen = (yuan: string) => {
  const [whole, cents = '00'] = yuan.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
};

/** The contract as a reader sees it: its figures, schedule and buy-out table. */
function readContract(html: string) {
  const figure = (label: string) => {
    const match = new RegExp(`<th>${label}</th><td>(-?[\\d.]+) 元`).exec(html);
    assert.ok(match, `the contract states ${label}`);
    return fen(match[1]!);
  };
  const table = /<table class="bills">.*?<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  const bills = [
    ...table.matchAll(/<tr><td>(.*?)<\/td><td>(\d+)<\/td><td>(.*?)<\/td><td>([\d.]+)<\/td><\/tr>/g),
  ].map((m) => ({ kind: m[1]!, period: Number(m[2]), due: m[3]!, amount: fen(m[4]!) }));
  const buyout = [
    ...html.matchAll(/<li>(?:第 (\d+) 期租金|租期租金)付清后买断价 ([\d.]+) 元<\/li>/g),
  ].map((m) => ({ after: m[1] === undefined ? null : Number(m[1]), price: fen(m[2]!) }));
  return {
    perPeriod: figure('(?:每期应付|每日租金)'),
    firstBill: figure('首期应付'),
    coupon: figure('优惠'),
    payNow: figure('首次支付'),
    total: figure('租金合计'),
    market: figure('市场价'),
    bills,
    buyout,
  };
}

/** The contract's date rule read on its own: n months after the start, the month's last day if short. */
function monthsAfter(start: string, n: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, last))).toISOString().slice(0, 10);
}

interface Lease {
  terms: LeaseTerms;
  /** Received on a day around a month's end or a leap day; placed some days before. */
  receivedOn: string;
  placedBefore: number;
  /** Instalments paid before the buy-out quote (as many as there are). */
  prepaid: number;
}

const leaseArb: fc.Arbitrary<Lease> = fc.record({
  // A plan the cashier can take: the first payment is at least one fen.
  terms: termsArb.map((terms) => ({
    ...terms,
    plan: { ...terms.plan, firstPayment: Math.max(1, terms.plan.firstPayment) },
  })),
  receivedOn: dayArb,
  placedBefore: fc.integer({ min: 0, max: 20 }),
  prepaid: fc.integer({ min: 0, max: 2 }),
});

/** The run's plan, services and coupon in the catalogue, as a merchant would set them. */
async function catalogue(terms: LeaseTerms, shopper: Shopper) {
  const { plan } = terms;
  await server.db
    .updateTable('goods_sku')
    .set({ price: terms.marketPrice })
    .where('id', '=', skuId)
    .execute();
  const { id: planId } = await server.db
    .insertInto('goods_plan')
    .values({
      goods_id: GOODS_ID,
      sku_id: skuId,
      term_unit: plan.termUnit,
      term: plan.term,
      rent_per_period: plan.rentPerPeriod,
      first_payment: plan.firstPayment,
      deposit: plan.deposit,
      buyout_prices: JSON.stringify(plan.buyoutPrices),
      sort: 99,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const serviceIds: number[] = [];
  for (const [index, service] of terms.services.entries()) {
    const { id } = await server.db
      .insertInto('value_added_service')
      .values({
        name: `服务${index}`,
        description: '',
        price: service.price,
        price_unit: service.priceUnit,
        required: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('goods_value_added_service')
      .values({ goods_id: GOODS_ID, service_id: id })
      .execute();
    serviceIds.push(id);
  }
  let couponId: number | undefined;
  if (terms.coupon && leaseQuote(terms).couponDiscount > 0) {
    const coupon = await server.db
      .insertInto('coupons')
      .values({
        title: '测试券',
        amount: terms.coupon.amount,
        min_amount: terms.coupon.minAmount,
        valid_days: 30,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('user_coupons')
      .values({
        user_id: shopper.userId,
        platform: 1,
        coupon_id: coupon.id,
        claimed_at: new Date('2000-01-01'),
        expires_at: new Date('2200-01-01'),
      })
      .execute();
    couponId = coupon.id;
  }
  return { planId, serviceIds, couponId };
}

const detailOf = async (shopper: Shopper, id: number) => {
  const reply = await server.request<OrderDetail>('GET', `/api/order/detail/${id}`, {
    token: shopper.token,
  });
  assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
  return reply.body.data;
};

const contractOf = async (shopper: Shopper, id: number) => {
  const reply = await server.request<{ html: string }>('POST', '/api/order/contract/html', {
    token: shopper.token,
    body: { orderId: id },
  });
  assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
  return readContract(reply.body.data.html);
};

/** What the contract, the detail and the payment lists state before any money moved. */
async function checkBeforePayment(shopper: Shopper, id: number, terms: LeaseTerms, q: LeaseQuote) {
  const contract = await contractOf(shopper, id);
  assert.equal(contract.perPeriod, q.perPeriod, 'contract: per period, services included');
  assert.equal(contract.firstBill, q.firstBill, 'contract: first bill');
  assert.equal(contract.coupon, q.couponDiscount, 'contract: coupon');
  assert.equal(contract.payNow, q.payNow, 'contract: first payment');
  assert.equal(contract.total, q.totalPayable, 'contract: total');
  assert.equal(contract.market, terms.marketPrice, 'contract: the SKU’s market price');
  assert.deepEqual(
    contract.bills.map((b) => [b.period, b.amount]),
    q.schedule.map((b) => [b.period, b.amount]),
    'contract: schedule',
  );
  for (const [index, bill] of q.schedule.entries()) {
    const due = contract.bills[index]!.due;
    if (bill.due.at === 'firstPayment') assert.equal(due, '首次支付时（发货前）');
    else assert.equal(due, `起租日后第 ${bill.due.after} 个月的对应日`, 'dated from the start');
  }
  // One buy-out row per point at which rent is paid, each within the cap.
  assert.deepEqual(
    contract.buyout,
    q.buyout.map((row) => ({
      after: terms.plan.termUnit === 'month' ? row.afterPeriods : null,
      price: row.price,
    })),
  );
  for (const row of q.buyout) {
    const cap = terms.marketPrice - rentPaidAfter(terms.plan, row.afterPeriods);
    assert.ok(row.price <= Math.max(cap, MIN_BUYOUT_PRICE), `buy-out after ${row.afterPeriods}`);
  }

  const detail = await detailOf(shopper, id);
  assert.equal(detail.perPeriod, q.perPeriod, 'detail: per period');
  assert.equal(detail.couponDiscount, q.couponDiscount, 'detail: coupon');
  assert.deepEqual(
    detail.bills.map((b) => [b.kind, b.period, b.original, b.discount, b.due]),
    q.schedule.map((b) => [b.kind, b.period, b.original, b.discount, b.amount]),
    'detail: bills',
  );
  for (const bill of detail.bills)
    assert.deepEqual(
      bill.dueAfterStart,
      bill.kind === 'INSTALMENT' ? { unit: 'month', periods: bill.period - 1 } : null,
      'a later rent is dated from the start until the start is known',
    );
  const first = await server.request<{ total: number }>('POST', '/api/order/firstPayList', {
    token: shopper.token,
    body: { orderId: id },
  });
  assert.equal(first.body.data.total, q.payNow, 'first payment list');
}

test(`every view of an order states the lease quote’s amounts and dates (${RUNS} leases)`, async () => {
  await fc
    .assert(
      fc.asyncProperty(leaseArb, async ({ terms, receivedOn, placedBefore, prepaid }) => {
        const q = leaseQuote(terms);
        const placedOn = addDays(receivedOn, -placedBefore);
        setClock(placedOn);
        const shopper = await newShopper(server);
        await verifyUser(server, shopper.userId, { card: terms.depositMethod === 'card' });
        const { planId, serviceIds, couponId } = await catalogue(terms, shopper);
        const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
          token: shopper.token,
          body: {
            goodsId: GOODS_ID,
            skuId,
            planId,
            addressId: shopper.addressId,
            serviceIds,
            depositMethod: terms.depositMethod,
            ...(couponId === undefined ? {} : { couponId }),
          },
        });
        assert.equal(placed.body.code, 200, JSON.stringify(placed.body));
        const id = placed.body.data.id;
        const confirmed = await server.request('POST', '/api/order/confirm', {
          token: shopper.token,
          body: { orderId: id },
        });
        assert.equal(confirmed.body.code, 200, JSON.stringify(confirmed.body));
        await signOrder(server, id);
        await checkBeforePayment(shopper, id, terms, q);

        // The payment the cashier asks for, and what the order centre is told.
        await payFirst(server, shopper, id);
        const payment = await server.db
          .selectFrom('payments')
          .select(['amount', 'status'])
          .where('order_id', '=', id)
          .where('purpose', '=', 'bills')
          .executeTakeFirstOrThrow();
        assert.deepEqual(payment, { amount: q.payNow, status: 'succeeded' });
        const order = await server.db
          .selectFrom('orders')
          .select(['snapshot', 'deposit_method', 'coupon_discount'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(orderCentreAmounts(orderQuote(order), q.schedule[0]!.amount), {
          amount: q.totalPayable,
          paid: q.schedule[0]!.amount,
        });

        // Received: the rent starts the next day, and every rent falls due as the contract said.
        await ops(server, 'POST', `/ops/orders/${id}/approve`, {});
        await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: 'SF0000000001' });
        setClock(receivedOn);
        const received = await server.request('POST', '/api/order/confirmReceive', {
          token: shopper.token,
          body: { orderId: id },
        });
        assert.equal(received.body.code, 200, JSON.stringify(received.body));
        const start = addDays(receivedOn, 1);
        const detail = await detailOf(shopper, id);
        assert.equal(detail.startDate, start);
        for (const bill of detail.bills.filter((b) => b.kind === 'INSTALMENT')) {
          assert.equal(bill.dueDate, monthsAfter(start, bill.period - 1), `period ${bill.period}`);
          assert.equal(bill.dueAfterStart, null);
        }
        const dated = await contractOf(shopper, id);
        for (const bill of detail.bills.filter((b) => b.kind === 'INSTALMENT')) {
          const line = dated.bills.find((b) => b.period === bill.period);
          assert.ok(line?.due.startsWith(`${bill.dueDate}（`), `${line?.due} ≠ ${bill.dueDate}`);
        }

        // Some instalments paid ahead, then the buy-out sheet: the contract's row for that many.
        const instalments = detail.bills.filter((b) => b.kind === 'INSTALMENT');
        const ahead = instalments.slice(0, prepaid);
        if (ahead.length > 0) {
          const pay = await server.request<{ outTradeNo: string; amount: number }>(
            'POST',
            '/api/order/footPay',
            { token: shopper.token, body: { orderId: id, billIds: ahead.map((b) => b.id) } },
          );
          assert.equal(pay.body.data.amount, ahead.length * q.perPeriod);
          await payAtCashier(server, pay.body.data.outTradeNo);
        }
        const periodsPaid = terms.plan.termUnit === 'day' ? terms.plan.term : 1 + ahead.length;
        const buyout = await server.request<{ lines: { amount: number }[] }>(
          'GET',
          `/api/order/buyoutQuote/${id}`,
          { token: shopper.token },
        );
        assert.equal(buyout.body.code, 200, JSON.stringify(buyout.body));
        const row = dated.buyout.find(
          (r) => r.after === (terms.plan.termUnit === 'day' ? null : periodsPaid),
        );
        assert.equal(buyout.body.data.lines[0]!.amount, row?.price, 'buy-out sheet = contract row');

        // The early-return sheet: the rent still to come waived, its share as the fee.
        const left = instalments.slice(ahead.length).reduce((sum, b) => sum + b.due, 0);
        const early = await server.request<{ total: number; lines: { amount: number }[] }>(
          'GET',
          `/api/order/earlyReturnQuote/${id}`,
          { token: shopper.token },
        );
        assert.equal(early.body.code, 200, JSON.stringify(early.body));
        assert.equal(early.body.data.lines[0]!.amount + left, 0, 'the rent still to come, waived');
        assert.equal(early.body.data.total, Math.ceil((left * EARLY_RETURN_FEE_BP) / 10_000));
      }),
      {
        numRuns: RUNS,
        examples: process.env.LEASE_EXAMPLE ? [[JSON.parse(process.env.LEASE_EXAMPLE)]] : [],
      },
    )
    .catch((error: unknown) => {
      // node:test prints the message only: keep the counterexample and say what failed in it.
      const cause =
        error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
      throw cause
        ? new Error(`${(error as Error).message}\n${cause.stack ?? cause.message}`)
        : error;
    });
});
