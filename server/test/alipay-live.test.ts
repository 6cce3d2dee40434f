// engines: postgres (provider protocol; the order engine's SQL is checked by order-flow on both)
/**
 * The live Alipay adapter (ALIPAY_PROVIDER=live) against the local Alipay gateway: every request
 * signed with the app key generated here and checked there, every answer and notification signed
 * by the gateway and checked by the adapter. A whole rental on Alipay: the deposit authorised in
 * the wallet with part of it waived by credit, the first bill paid by `my.tradePay({ tradeNO })`,
 * rent taken from the authorisation, return and unfreeze; refunds; forged, duplicate,
 * out-of-order and wrong-amount notifications; the gateway failing and timing out under the jobs.
 * The protocol does not depend on the database engine: one pass (PostgreSQL).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { OrderDetail } from '../../contract/api/order.ts';
import { reconcile } from '../src/jobs/reconcile.ts';
import { toDay } from '../src/orders/rules.ts';
import { deductFromDeposit } from '../src/orders/payments.ts';
import { startLocalAlipay, type LocalAlipay } from './alipay-gateway/index.ts';
import { alipaySettingsFrom } from '../src/boot/live-settings.ts';
import { onlyOn, startTestServer, type TestServer } from './helpers.ts';
import {
  agreeEarlyReturn,
  enableOps,
  newShopper,
  ops,
  orderStatus,
  plans,
  restock,
  settle,
  signedOrder,
  type Plan,
  type Shopper,
} from './order-fixtures.ts';

interface Payment {
  outTradeNo: string;
  amount: number;
  tradeNo: string;
  cashierUrl: string;
}
interface Freeze {
  outRequestNo: string;
  amount: number;
  status: string;
  orderStr?: string;
}

describe('Alipay live against the local gateway', { skip: onlyOn('postgres') }, () => {
  let server: TestServer;
  let alipay: LocalAlipay;
  let month: Plan;

  before(async () => {
    alipay = await startLocalAlipay();
    server = await startTestServer({
      env: alipay.env({ ALIPAY_CREDIT_SERVICE_ID: '2026000000000000000000000001' }),
    });
    month = (await plans(server)).month;
    await restock(server, [month.sku_id]);
    await enableOps(server);
  });
  after(async () => {
    await alipay?.close();
    await server?.close();
  });

  /**
   * A shopper whose Alipay account is bound the way the mini-program binds it: an auth code from
   * the wallet, exchanged by the server at alipay.system.oauth.token (the open id is then the
   * buyer of its trades).
   */
  async function alipayShopper(): Promise<Shopper & { buyerId: string }> {
    const shopper = await newShopper(server);
    const { code, openId } = alipay.issueAuthCode();
    const bound = await server.request('POST', '/api/user/updateUserOpenId', {
      token: shopper.token,
      body: { provider: 'alipay', loginCode: code },
    });
    assert.equal(bound.body.code, 200, JSON.stringify(bound.body));
    return { ...shopper, buyerId: openId };
  }

  /** Notifications delivered, and the jobs they queued run. */
  async function quiet() {
    await alipay.settled();
    await settle(server);
    // The jobs' own calls (an unfreeze, say) queue notifications of their own: wait for those too.
    await alipay.settled();
    await settle(server);
  }

  /** The order-centre sync job, run now (it runs every minute). */
  async function syncOrderCentre() {
    await server.app.deps.jobs.trigger('alipay-order-sync');
    await server.app.deps.jobs.drain(['alipay-order-sync']);
  }

  /** Failed jobs retried now rather than after their backoff. */
  async function retryNow() {
    await sql`update pgboss.job set start_after = now() where state = 'retry'`.execute(server.db);
    // Named queues: drain() alone skips a pass when no job was added since the last one.
    await server.app.deps.jobs.drain(['outbox']);
  }

  const detail = async (shopper: Shopper, id: number) => {
    const reply = await server.request<OrderDetail>('GET', `/api/order/detail/${id}`, {
      token: shopper.token,
    });
    assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
    return reply.body.data;
  };

  async function pay(shopper: Shopper, orderId: number, body: Record<string, unknown> = {}) {
    const reply = await server.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId, ...body },
    });
    assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
    return reply.body.data;
  }

  /** A freeze order placed, signed, its deposit authorised in the wallet with `credit` waived. */
  async function frozenOrder(shopper: Shopper, credit: number) {
    const id = await signedOrder(server, month, shopper);
    assert.equal(await orderStatus(server, id), 'PENDING_FREEZE');
    const reply = await server.request<Freeze>('POST', '/api/order/refreeze', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
    const { orderStr } = reply.body.data;
    assert.ok(orderStr, 'the reply carries the order string for my.tradePay');
    const auth = alipay.authorise(orderStr, { creditAmount: credit });
    await quiet();
    return { id, auth, freeze: reply.body.data };
  }

  test('a bill is paid through trade.create, the wallet and the notification', async () => {
    const shopper = await alipayShopper();
    const id = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
    const payment = await pay(shopper, id);
    const trade = alipay.trade(payment.outTradeNo);
    assert.ok(trade, 'the trade was opened at Alipay');
    assert.equal(trade.tradeNo, payment.tradeNo, 'the client gets the tradeNO for my.tradePay');
    assert.equal(trade.buyerId, shopper.buyerId);
    assert.equal(trade.amount, payment.amount);
    // Asking again gives the same trade.
    assert.equal((await pay(shopper, id)).tradeNo, payment.tradeNo);
    assert.equal(await orderStatus(server, id), 'PENDING_PAY', 'nothing is paid on our word');
    alipay.pay(payment.tradeNo);
    await quiet();
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
    const bills = (await detail(shopper, id)).bills.filter((b) => b.kind === 'FIRST');
    assert.ok(bills.every((b) => b.status === 'paid' && b.outTradeNo === payment.outTradeNo));
    const delivered = alipay.deliveries.filter((d) => d.fields.out_trade_no === payment.outTradeNo);
    assert.deepEqual(
      delivered.map((d) => d.answers.at(-1)),
      ['success'],
    );
  });

  test('a trade paid whose notification is lost is found by trade.query', async () => {
    const shopper = await alipayShopper();
    const id = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
    const payment = await pay(shopper, id);
    alipay.holdNotifications = true;
    try {
      alipay.pay(payment.tradeNo);
    } finally {
      alipay.holdNotifications = false;
    }
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');
    const report = await reconcile(server.app.deps, { olderThanSeconds: 0 });
    assert.deepEqual(report.errors, []);
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
    // The late notification then changes nothing.
    alipay.release();
    await quiet();
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
  });

  test('a user without an Alipay login is refused a trade with a reason, nothing opened', async () => {
    const shopper = await newShopper(server);
    const id = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
    const before = alipay.calls.length;
    const reply = await server.request('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(reply.status, 400);
    assert.equal(alipay.calls.length, before, 'no call reached Alipay');
  });

  test('the whole rental: credit waives part of the deposit, rent from the freeze, unfreeze at return', async () => {
    const shopper = await alipayShopper();
    const waived = 30_00;
    // What earlier tests left for the order centre goes first, so what follows is this order's.
    await syncOrderCentre();
    const { id, auth, freeze } = await frozenOrder(shopper, waived);
    await syncOrderCentre();
    assert.deepEqual(
      alipay.orderCentre.get(String(id))?.map((s) => s.state),
      ['APPLYING', 'DEPOSIT_WAIVER', 'WAIT_PAY'],
    );
    assert.equal(auth.amount, freeze.amount);
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');
    const frozen = await detail(shopper, id);
    assert.deepEqual(frozen.depositAuthorisation, {
      status: 'frozen',
      amount: freeze.amount,
      waived,
      frozen: freeze.amount - waived,
    });
    // The timeline's line says what credit waived and what is really frozen, as figures.
    assert.deepEqual(frozen.events.find((e) => e.action === 'freeze_succeeded')?.params, {
      amount: freeze.amount,
      waived,
      frozen: freeze.amount - waived,
    });
    // Asking for the freeze again hands out the same order: one authorisation.
    const again = await server.request<Freeze>('POST', '/api/order/refreeze', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.notEqual(again.body.code, 200);

    const first = await pay(shopper, id);
    alipay.pay(first.tradeNo);
    await quiet();
    await ops(server, 'POST', `/ops/orders/${id}/approve`, {});
    await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: 'YT0000000002' });
    await server.request('POST', '/api/order/confirmReceive', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(await orderStatus(server, id), 'RENTING');

    // The scheduler takes an instalment from the authorisation (trade.pay with auth_no).
    const instalment = (await detail(shopper, id)).bills.find((b) => b.kind === 'INSTALMENT')!;
    const charge = await deductFromDeposit(server.db, server.app.deps, id, [instalment.id]);
    assert.ok(charge);
    await quiet();
    await quiet();
    const paidFromAuth = alipay.trade(charge.outTradeNo);
    assert.equal(paidFromAuth?.authNo, auth.authNo);
    assert.equal(paidFromAuth?.status, 'TRADE_SUCCESS');
    // As alipay.trade.pay documents payment from an online authorisation: PRE_AUTH_ONLINE, the
    // authorisation's payer as buyer_id and the merchant as seller_id.
    const tradePay = alipay.calls.find(
      (c) => c.method === 'alipay.trade.pay' && c.biz.out_trade_no === charge.outTradeNo,
    )!;
    assert.equal(tradePay.biz.product_code, 'PRE_AUTH_ONLINE');
    assert.equal(tradePay.biz.buyer_id, auth.payerUserId);
    assert.equal(tradePay.biz.seller_id, alipay.pid);
    // Credit waived part of this deposit: the payment is asynchronous (collected from the
    // user's funds), and Zhima counts it as an instalment kept.
    assert.equal(tradePay.biz.is_async_pay, true);
    assert.deepEqual(alipay.authorisation(auth.authNo)!.fulfilledPayments, [charge.outTradeNo]);
    assert.equal(
      (await detail(shopper, id)).bills.find((b) => b.id === instalment.id)!.status,
      'paid',
    );
    assert.equal(alipay.authorisation(auth.authNo)!.rest, auth.amount - charge.amount);

    // Before the end of the term: an early return, its fee paid from the Alipay wallet.
    await agreeEarlyReturn(server, shopper, id, { pay: false });
    const fee = (await detail(shopper, id)).bills.find((b) => b.kind === 'EARLY_RETURN')!;
    const feePayment = await server.request<Payment>('POST', '/api/order/footPay', {
      token: shopper.token,
      body: { orderId: id, billIds: [fee.id] },
    });
    assert.equal(feePayment.body.code, 200, JSON.stringify(feePayment.body));
    alipay.pay(feePayment.body.data.tradeNo);
    await quiet();
    await server.request('POST', '/api/order/apply/return', {
      token: shopper.token,
      body: { orderId: id },
    });
    await server.request('POST', '/api/order/confirm/return', {
      token: shopper.token,
      body: { orderId: id, expressCode: 'sf', waybill: 'SF99887711' },
    });
    await ops(server, 'POST', `/ops/orders/${id}/receive-return`, {});
    const inspected = await ops(server, 'POST', `/ops/orders/${id}/inspect`, { damage: 0 });
    assert.equal(inspected.body.code, 200, JSON.stringify(inspected.body));
    await quiet();
    assert.equal(await orderStatus(server, id), 'COMPLETED');
    assert.equal(alipay.authorisation(auth.authNo)!.rest, 0, 'nothing stays frozen at Alipay');
    // The unfreeze that ends the rental tells Zhima the contract was kept.
    const unfreezeCall = alipay.calls.find(
      (c) => c.method === 'alipay.fund.auth.order.unfreeze' && c.biz.auth_no === auth.authNo,
    )!;
    assert.deepEqual(JSON.parse(String(unfreezeCall.biz.extra_param)), {
      unfreezeBizInfo: JSON.stringify({ bizComplete: 'true' }),
    });
    assert.equal(alipay.authorisation(auth.authNo)!.creditOrder, 'COMPLETE');
    const operations = await server.db
      .selectFrom('deposit_operations')
      .select(['status', 'amount'])
      .where('order_id', '=', id)
      .execute();
    assert.deepEqual(operations, [{ status: 'succeeded', amount: auth.amount - charge.amount }]);
    // The unfreeze's own notification is acknowledged and changes nothing.
    const unfreezeNotice = alipay.deliveries.find(
      (d) => d.fields.notify_type === 'fund_auth_unfreeze' && d.fields.auth_no === auth.authNo,
    );
    assert.equal(unfreezeNotice?.answers.at(-1), 'success');
    // The order centre: Alipay fails once; the order's later states wait behind the first, so
    // they arrive in order once it goes through.
    alipay.failNext('alipay.merchant.order.sync', 'system-error');
    await syncOrderCentre();
    assert.deepEqual(
      alipay.orderCentre.get(String(id))?.map((s) => s.state),
      ['APPLYING', 'DEPOSIT_WAIVER', 'WAIT_PAY'],
    );
    const waiting = await server.db
      .selectFrom('alipay_order_syncs')
      .select(['state', 'attempts', 'status'])
      .where('order_id', '=', id)
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      waiting.map((w) => [w.state, w.attempts]),
      [
        ['APPROVAL', 1],
        ['TO_SEND_GOODS', 0],
        ['IN_DELIVERY', 0],
        ['IN_THE_LEASE', 0],
        ['IN_THE_BACK', 0],
        ['END_OF_LEASE', 0],
        ['FINISHED', 0],
      ],
    );
    await syncOrderCentre();
    assert.equal(alipay.orderCentre.get(String(id))!.length, 3, 'the backoff is kept');
    await server.db
      .updateTable('alipay_order_syncs')
      .set({ next_at: new Date(0) })
      .where('order_id', '=', id)
      .execute();
    await syncOrderCentre();
    const centre = alipay.orderCentre.get(String(id))!;
    assert.deepEqual(
      centre.map((s) => s.state),
      [
        'APPLYING',
        'DEPOSIT_WAIVER',
        'WAIT_PAY',
        'APPROVAL',
        'TO_SEND_GOODS',
        'IN_DELIVERY',
        'IN_THE_LEASE',
        'IN_THE_BACK',
        'END_OF_LEASE',
        'FINISHED',
      ],
    );
    assert.ok(centre.every((s) => s.buyer === shopper.buyerId));

    // Reconciliation agrees with Alipay: nothing left pending.
    assert.deepEqual(await reconcile(server.app.deps, { olderThanSeconds: 0 }), {
      settled: 0,
      errors: [],
    });
  });

  test('a refund goes through trade.refund once, even when Alipay fails first', async () => {
    const shopper = await alipayShopper();
    const id = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
    const payment = await pay(shopper, id);
    alipay.pay(payment.tradeNo);
    await quiet();
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
    alipay.failNext('alipay.trade.refund', 'system-error');
    alipay.failNext('alipay.trade.refund', 'timeout');
    // Then an answer of success without Alipay's signature: not believed, asked again.
    alipay.failNext('alipay.trade.refund', 'unsigned');
    const rejected = await ops(server, 'POST', `/ops/orders/${id}/reject`, { reason: '库存不足' });
    assert.equal(rejected.body.code, 200, JSON.stringify(rejected.body));
    await settle(server);
    const refundRow = () =>
      server.db
        .selectFrom('refunds')
        .select(['status', 'attempts', 'amount', 'out_refund_no'])
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
    assert.equal((await refundRow()).status, 'pending', 'a system error is retried, not final');
    await retryNow();
    // Timed out: Alipay refunded, we did not hear it; the retry is the same refund again.
    assert.equal((await refundRow()).status, 'pending');
    await retryNow();
    assert.equal((await refundRow()).status, 'pending', 'an unsigned "10000" is not a refund');
    await retryNow();
    const refund = await refundRow();
    assert.equal(refund.status, 'succeeded');
    assert.equal(refund.amount, payment.amount);
    const trade = alipay.trade(payment.outTradeNo)!;
    assert.deepEqual([...trade.refunds.entries()], [[refund.out_refund_no, payment.amount]]);
    assert.equal(
      alipay.calls.filter((c) => c.method === 'alipay.trade.refund').length,
      4,
      'asked four times, refunded once',
    );
    assert.equal(
      (
        await server.app.deps.providers.payments.forBrand(1).alipay.queryRefund({
          outTradeNo: payment.outTradeNo,
          outRefundNo: refund.out_refund_no,
        })
      )?.amount,
      payment.amount,
    );
  });

  describe('order centre: every rental state', () => {
    const runJobs = async (at: Date) => {
      const reply = await ops(server, 'POST', '/ops/jobs/run', { at: at.toISOString() });
      assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
      await quiet();
    };
    const bills = (id: number) =>
      server.db
        .selectFrom('bills')
        .selectAll()
        .where('order_id', '=', id)
        .orderBy('due_date')
        .orderBy('id')
        .execute();
    /** Pays the given bills (all unpaid when none named) from the Alipay wallet. */
    async function payBills(shopper: Shopper, id: number, billIds?: number[]) {
      const reply = await server.request<Payment>('POST', '/api/order/footPay', {
        token: shopper.token,
        body: { orderId: id, ...(billIds ? { billIds } : {}) },
      });
      assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
      alipay.pay(reply.body.data.tradeNo);
      await quiet();
      return reply.body.data;
    }
    /** The order-centre updates sent since the last look, with what each showed. */
    async function synced(id: number, seen: { count: number }) {
      await syncOrderCentre();
      const history = alipay.orderCentre.get(String(id)) ?? [];
      const fresh = history.slice(seen.count);
      seen.count = history.length;
      return fresh;
    }
    const states = (list: { state: string }[]) => list.map((s) => s.state);

    test('one order walks every state the order centre shows, each sync with its figures', async () => {
      const shopper = await alipayShopper();
      await syncOrderCentre();
      const seen = { count: 0 };
      const { id } = await frozenOrder(shopper, 10_00);
      assert.deepEqual(states(await synced(id, seen)), ['APPLYING', 'DEPOSIT_WAIVER', 'WAIT_PAY']);
      const first = await pay(shopper, id);
      alipay.pay(first.tradeNo);
      await quiet();
      assert.deepEqual(states(await synced(id, seen)), ['APPROVAL']);
      await ops(server, 'POST', `/ops/orders/${id}/approve`, {});
      assert.deepEqual(states(await synced(id, seen)), ['TO_SEND_GOODS']);
      await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: 'SF3900000001' });
      const shipped = await synced(id, seen);
      assert.deepEqual(states(shipped), ['IN_DELIVERY']);
      assert.equal(shipped[0]!.info.waybill_no, 'SF3900000001');
      assert.deepEqual(shipped[0]!.tracking, ['SF3900000001']);
      await server.request('POST', '/api/order/confirmReceive', {
        token: shopper.token,
        body: { orderId: id },
      });
      const leased = await synced(id, seen);
      assert.deepEqual(states(leased), ['IN_THE_LEASE']);
      const second = (await bills(id)).find((b) => b.kind === 'INSTALMENT')!;
      const owed = second.original - second.discount;
      // The card shows the next rent: the second period's, on its date.
      assert.equal(leased[0]!.info.next_pay_date, toDay(second.due_date));
      assert.equal(leased[0]!.info.next_pay_amount, (owed / 100).toFixed(2));
      assert.equal(leased[0]!.info.overdue_amount, '0.00');

      // Three days late: OVERDUE, with what is owed and its fee.
      await runJobs(new Date(second.due_date.getTime() + 3 * 86_400_000));
      const late = await synced(id, seen);
      assert.deepEqual(states(late), ['OVERDUE']);
      const lateBill = (await bills(id)).find((b) => b.id === second.id)!;
      assert.ok(lateBill.overdue_fee > 0);
      assert.equal(late[0]!.info.overdue_amount, ((owed + lateBill.overdue_fee) / 100).toFixed(2));
      await payBills(shopper, id, [second.id]);
      const settled = await synced(id, seen);
      assert.deepEqual(states(settled), ['IN_THE_LEASE']);
      assert.equal(settled[0]!.info.overdue_amount, '0.00');

      // Every rent paid ahead, then the end of the term nears: RENT_DUE.
      await payBills(shopper, id);
      const order = await server.db
        .selectFrom('orders')
        .select(['end_date'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await runJobs(new Date(order.end_date!.getTime() - 3 * 86_400_000));
      const due = await synced(id, seen);
      assert.deepEqual(states(due), ['RENT_DUE']);
      assert.equal(due[0]!.info.next_pay_date, undefined, 'nothing left to pay');

      // A renewal paid: RELET, and the lease runs on.
      const renewal = await server.request<Payment>('POST', '/api/order/reenjoyPayOrder', {
        token: shopper.token,
        body: { orderId: id, periods: 1 },
      });
      assert.equal(renewal.body.code, 200, JSON.stringify(renewal.body));
      alipay.pay(renewal.body.data.tradeNo);
      await quiet();
      assert.equal(await orderStatus(server, id), 'RENTING');
      assert.deepEqual(states(await synced(id, seen)), ['RELET']);

      // The new end passes unreturned: RENT_DUE, then RETURN_OVERDUE.
      const renewed = await server.db
        .selectFrom('orders')
        .select(['end_date'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      assert.ok(renewed.end_date!.getTime() > order.end_date!.getTime());
      await runJobs(new Date(renewed.end_date!.getTime() - 3 * 86_400_000));
      await runJobs(new Date(renewed.end_date!.getTime() + 5 * 86_400_000));
      assert.deepEqual(states(await synced(id, seen)), ['RENT_DUE', 'RETURN_OVERDUE']);

      // A buy-out asked and left unpaid: IN_THE_BUYOUT, then back where it was.
      const buyout = await server.request('POST', '/api/order/apply/buyout', {
        token: shopper.token,
        body: { orderId: id },
      });
      assert.equal(buyout.body.code, 200, JSON.stringify(buyout.body));
      assert.deepEqual(states(await synced(id, seen)), ['IN_THE_BUYOUT']);
      await runJobs(new Date(renewed.end_date!.getTime() + 10 * 86_400_000));
      assert.equal(await orderStatus(server, id), 'RETURN_OVERDUE');
      assert.deepEqual(states(await synced(id, seen)), ['RETURN_OVERDUE']);

      // Returned, damage found: IN_THE_BACK with the return's waybill, TO_BE_PAID, then the
      // lease ends (END_OF_LEASE) and the order finishes.
      await server.request('POST', '/api/order/apply/return', {
        token: shopper.token,
        body: { orderId: id },
      });
      const returned = await server.request('POST', '/api/order/confirm/return', {
        token: shopper.token,
        body: { orderId: id, expressCode: 'sf', waybill: 'SF3900000002' },
      });
      assert.equal(returned.body.code, 200, JSON.stringify(returned.body));
      const back = await synced(id, seen);
      assert.deepEqual(states(back), ['IN_THE_BACK']);
      assert.equal(back[0]!.info.waybill_no, 'SF3900000002');
      await ops(server, 'POST', `/ops/orders/${id}/receive-return`, {});
      await ops(server, 'POST', `/ops/orders/${id}/inspect`, { damage: 20_00 });
      assert.equal(await orderStatus(server, id), 'COMPENSATION');
      assert.deepEqual(states(await synced(id, seen)), ['TO_BE_PAID']);
      const damage = (await bills(id)).find((b) => b.kind === 'COMPENSATION')!;
      await payBills(shopper, id, [damage.id]);
      assert.equal(await orderStatus(server, id), 'COMPLETED');
      assert.deepEqual(states(await synced(id, seen)), ['END_OF_LEASE', 'FINISHED']);
    });

    test('the other endings: CLOSED, REJECT, BUYOUT', async () => {
      await syncOrderCentre();
      const cancelledBy = await alipayShopper();
      const cancelled = await signedOrder(server, month, cancelledBy, {
        extra: { depositMethod: 'paid' },
      });
      await server.request('POST', '/api/order/cancel', {
        token: cancelledBy.token,
        body: { orderId: cancelled },
      });
      assert.deepEqual(states(await synced(cancelled, { count: 0 })), [
        'APPLYING',
        'WAIT_PAY',
        'CLOSED',
      ]);

      const rejectedBy = await alipayShopper();
      const rejected = await signedOrder(server, month, rejectedBy, {
        extra: { depositMethod: 'paid' },
      });
      alipay.pay((await pay(rejectedBy, rejected)).tradeNo);
      await quiet();
      await ops(server, 'POST', `/ops/orders/${rejected}/reject`, { reason: '库存不足' });
      assert.deepEqual(states(await synced(rejected, { count: 0 })).slice(-2), [
        'APPROVAL',
        'REJECT',
      ]);

      const buyer = await alipayShopper();
      const bought = await signedOrder(server, month, buyer, { extra: { depositMethod: 'paid' } });
      alipay.pay((await pay(buyer, bought)).tradeNo);
      await quiet();
      await ops(server, 'POST', `/ops/orders/${bought}/approve`, {});
      await ops(server, 'POST', `/ops/orders/${bought}/ship`, { waybill: 'SF3900000003' });
      await server.request('POST', '/api/order/confirmReceive', {
        token: buyer.token,
        body: { orderId: bought },
      });
      await server.request('POST', '/api/order/apply/buyout', {
        token: buyer.token,
        body: { orderId: bought },
      });
      const buyoutBill = (await bills(bought)).find((b) => b.kind === 'BUYOUT')!;
      await payBills(buyer, bought, [buyoutBill.id]);
      assert.equal(await orderStatus(server, bought), 'COMPLETED');
      assert.deepEqual(states(await synced(bought, { count: 0 })).slice(-4), [
        'IN_THE_LEASE',
        'IN_THE_BUYOUT',
        'BUYOUT',
        'FINISHED',
      ]);
    });
  });

  describe('notifications', () => {
    async function openPayment() {
      const shopper = await alipayShopper();
      const id = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
      return { shopper, id, payment: await pay(shopper, id) };
    }
    const post = (fields: Record<string, string>, platform = 1) =>
      fetch(`${server.baseUrl}/pay/notify/alipay/${platform}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }).then((r) => r.text());
    const paidFields = (payment: Payment) => ({
      notify_type: 'trade_status_sync',
      out_trade_no: payment.outTradeNo,
      trade_no: payment.tradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: (payment.amount / 100).toFixed(2),
    });

    test('a forged or tampered notification is refused and changes nothing', async () => {
      const { id, payment } = await openPayment();
      const genuine = alipay.signedNotification(paidFields(payment));
      // Another key: a notification signed by anyone but Alipay.
      const stranger = await startLocalAlipay({ appId: alipay.appId });
      try {
        assert.equal(await post(stranger.signedNotification(paidFields(payment))), 'fail');
      } finally {
        await stranger.close();
      }
      // Alipay's signature, another amount.
      assert.equal(await post({ ...genuine, total_amount: '0.01' }), 'fail');
      assert.equal(await post({ ...genuine, sign: '' }), 'fail');
      assert.equal(await orderStatus(server, id), 'PENDING_PAY');
      const refused = await server.db
        .selectFrom('payment_notifications')
        .select('outcome')
        .where('out_trade_no', '=', payment.outTradeNo)
        .execute();
      assert.deepEqual(
        refused.map((r) => r.outcome),
        ['bad_signature', 'bad_signature', 'bad_signature'],
      );
      // Another brand's notify URL: that brand's merchant does not match.
      assert.equal(await post(genuine, 2), 'fail');
      assert.equal(await post(genuine), 'success');
      assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
    });

    test('a notification of another amount is recorded as such and pays nothing', async () => {
      const { id, payment } = await openPayment();
      alipay.nextNotificationAmount = payment.amount - 1;
      alipay.pay(payment.tradeNo);
      await quiet();
      assert.equal(await orderStatus(server, id), 'PENDING_PAY');
      const outcomes = await server.db
        .selectFrom('payment_notifications')
        .select('outcome')
        .where('out_trade_no', '=', payment.outTradeNo)
        .execute();
      assert.deepEqual(
        outcomes.map((o) => o.outcome),
        ['amount_mismatch'],
      );
    });

    test('duplicates count once; closed-then-paid out of order ends paid', async () => {
      const { id, payment } = await openPayment();
      alipay.notifyTwice = true;
      alipay.holdNotifications = true;
      try {
        alipay.pay(payment.tradeNo);
      } finally {
        alipay.notifyTwice = false;
        alipay.holdNotifications = false;
      }
      // A close notification Alipay sent earlier arrives first, then the payment, twice.
      const closed = alipay.signedNotification({
        ...paidFields(payment),
        trade_status: 'TRADE_CLOSED',
      });
      assert.equal(await post(closed), 'success');
      alipay.release();
      alipay.release();
      const success = alipay.deliveries.at(-1)!.fields;
      assert.equal(await post(success), 'success');
      await quiet();
      assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
      const rows = await server.db
        .selectFrom('payments')
        .select(['status', 'late_success'])
        .where('order_id', '=', id)
        .execute();
      assert.deepEqual(rows, [{ status: 'succeeded', late_success: true }]);
      const outcomes = (
        await server.db
          .selectFrom('payment_notifications')
          .select('outcome')
          .where('out_trade_no', '=', payment.outTradeNo)
          .orderBy('id')
          .execute()
      ).map((o) => o.outcome);
      assert.deepEqual(outcomes, ['applied', 'applied']);
      assert.equal(alipay.collected() >= payment.amount, true);
    });

    test('a freeze notification is ours by auth_app_id (it has no app_id); another app’s is refused', async () => {
      const shopper = await alipayShopper();
      const id = await signedOrder(server, month, shopper);
      const freeze = await server.request<Freeze>('POST', '/api/order/refreeze', {
        token: shopper.token,
        body: { orderId: id },
      });
      assert.equal(freeze.body.code, 200, JSON.stringify(freeze.body));
      const { outRequestNo, amount } = freeze.body.data;
      // The fields of Alipay's fund_auth_freeze notification, signed by Alipay.
      const frozen = (app: Record<string, string>) =>
        alipay.signedNotification({
          notify_type: 'fund_auth_freeze',
          auth_no: `2026${outRequestNo.slice(-20).padStart(24, '0')}`,
          out_order_no: outRequestNo,
          out_request_no: outRequestNo,
          operation_id: '20260000000000000001',
          operation_type: 'FREEZE',
          amount: (amount / 100).toFixed(2),
          status: 'SUCCESS',
          rest_amount: (amount / 100).toFixed(2),
          gmt_trans: '2026-01-01 12:00:00',
          ...app,
        });
      assert.equal(await post(frozen({ auth_app_id: '2021000000000099' })), 'fail');
      assert.equal(await post(frozen({ auth_app_id: '' })), 'fail', 'naming no app is not ours');
      assert.equal(await orderStatus(server, id), 'PENDING_FREEZE');
      const refused = await server.db
        .selectFrom('payment_notifications')
        .select('outcome')
        .where('out_trade_no', '=', outRequestNo)
        .execute();
      assert.deepEqual(
        refused.map((r) => r.outcome),
        ['merchant_mismatch', 'merchant_mismatch'],
      );
      // As Alipay sends it: auth_app_id ours, no app_id.
      const genuine = frozen({});
      assert.equal(genuine.app_id, undefined);
      assert.equal(await post(genuine), 'success');
      assert.equal(await orderStatus(server, id), 'PENDING_PAY');
    });

    test('WAIT_BUYER_PAY is acknowledged and changes nothing', async () => {
      const { id, payment } = await openPayment();
      const waiting = alipay.signedNotification({
        ...paidFields(payment),
        trade_status: 'WAIT_BUYER_PAY',
      });
      assert.equal(await post(waiting), 'success');
      assert.equal(await orderStatus(server, id), 'PENDING_PAY');
      const rows = await server.db
        .selectFrom('payments')
        .select('status')
        .where('order_id', '=', id)
        .execute();
      assert.deepEqual(rows, [{ status: 'created' }]);
    });
  });

  test('a freeze the user never authorises is given up once its order string expired', async () => {
    const shopper = await alipayShopper();
    const id = await signedOrder(server, month, shopper);
    const first = await server.request<Freeze>('POST', '/api/order/refreeze', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.ok(first.body.data.orderStr);
    // The user closes the wallet (my.tradePay 6001): Alipay knows nothing of it.
    const queries = () =>
      alipay.calls.filter((c) => c.method === 'alipay.fund.auth.operation.detail.query').length;
    const before = queries();
    server.advanceClock(3600);
    await reconcile(server.app.deps, { olderThanSeconds: 0 });
    assert.ok(queries() > before, 'asked Alipay first');
    const status = () =>
      server.db
        .selectFrom('deposit_authorisations')
        .select('status')
        .where('out_request_no', '=', first.body.data.outRequestNo)
        .executeTakeFirstOrThrow();
    assert.equal((await status()).status, 'pending', 'still within the order string');
    server.advanceClock(3 * 3600);
    await reconcile(server.app.deps, { olderThanSeconds: 0 });
    assert.equal((await status()).status, 'failed');
    assert.equal(await orderStatus(server, id), 'PENDING_FREEZE', 'the order still waits for one');
    const again = await server.request<Freeze>('POST', '/api/order/refreeze', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.notEqual(again.body.data.outRequestNo, first.body.data.outRequestNo);
    // Authorised with the new one: the order goes on.
    alipay.authorise(again.body.data.orderStr!);
    await quiet();
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');
  });

  test('a gateway timeout on unfreeze is retried by the job and releases once', async () => {
    const shopper = await alipayShopper();
    const { id, auth } = await frozenOrder(shopper, 0);
    assert.equal(alipay.authorisation(auth.authNo)!.creditAmount, 0);
    alipay.failNext('alipay.fund.auth.order.unfreeze', 'timeout');
    const cancelled = await server.request('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(cancelled.body.code, 200, JSON.stringify(cancelled.body));
    await settle(server);
    const operation = () =>
      server.db
        .selectFrom('deposit_operations')
        .select(['status', 'attempts'])
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
    assert.equal((await operation()).status, 'pending');
    assert.equal(alipay.authorisation(auth.authNo)!.rest, 0, 'Alipay did it; we did not hear');
    await retryNow();
    assert.equal((await operation()).status, 'succeeded');
    assert.equal(alipay.authorisation(auth.authNo)!.operations.size, 2, 'freeze and one unfreeze');
  });

  test('a bad answer signature is not believed', async () => {
    const shopper = await alipayShopper();
    const id = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
    alipay.failNext('alipay.trade.create', 'bad-signature');
    const reply = await server.request('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(reply.status, 503);
    // The next try gets the same trade (Alipay is idempotent on our number).
    const payment = await pay(shopper, id);
    assert.equal(alipay.trade(payment.outTradeNo)?.tradeNo, payment.tradeNo);
  });

  test("H5 pays a bill at Alipay's mobile cashier (wap.pay) and returns to the result page", async () => {
    const shopper = await newShopper(server);
    const id = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
    const payment = await pay(shopper, id, { returnOrigin: 'http://localhost:10086' });
    assert.ok(payment.cashierUrl.startsWith(alipay.url), payment.cashierUrl);
    assert.equal(
      alipay.trade(payment.outTradeNo),
      undefined,
      'Alipay opens it when the user arrives',
    );
    const cashier = await alipay.openCashier(payment.cashierUrl);
    assert.equal(cashier.amount, (payment.amount / 100).toFixed(2));
    // The same link again is the same trade.
    assert.equal((await alipay.openCashier(payment.cashierUrl)).tradeNo, cashier.tradeNo);
    // The user presses pay on the cashier page; the browser is sent back to the storefront.
    const pressed = await fetch(new URL(`/cashier/${cashier.tradeNo}/pay`, alipay.url), {
      method: 'POST',
      redirect: 'manual',
    });
    assert.equal(pressed.status, 302);
    await quiet();
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
    const back = new URL(pressed.headers.get('location')!);
    assert.equal(back.origin, 'http://localhost:10086');
    const route = new URLSearchParams(back.hash.split('?')[1]);
    assert.ok(back.hash.startsWith('#/pages/paymentResult/paymentResult?'));
    assert.equal(route.get('outTradeNo'), payment.outTradeNo);
    assert.equal(route.get('orderId'), String(id));
    assert.equal(route.get('status'), 'success');
    assert.match(alipay.trade(payment.outTradeNo)!.quitUrl ?? '', /status=cancel/);

    // Another site as the return address is refused, and nothing is written.
    const other = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
    const refused = await server.request('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: other, returnOrigin: 'https://evil.example.com' },
    });
    assert.equal(refused.status, 400);
    const opened = await server.db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', other)
      .execute();
    assert.deepEqual(opened, []);
  });

  describe('login', () => {
    test('an auth code is exchanged at oauth.token once; an unknown or used one is the user’s error', async () => {
      const { code, userId } = alipay.issueAuthCode();
      const login = await server.request<{ token: string }>('POST', '/api/login/loginForAlipay', {
        headers: { 'x-user-type': 'app' },
        body: { grantType: 'alipay', code },
      });
      assert.equal(login.body.code, 200, JSON.stringify(login.body));
      const user = await server.db
        .selectFrom('users')
        .select('id')
        .where('alipay_user_id', '=', userId)
        .executeTakeFirst();
      assert.ok(user, 'the Alipay user is the one the code was issued for');
      // Alipay answers these with an unsigned error_response (40002 isv.code-invalid): the
      // login screen's message, not "service unavailable".
      for (const used of [code, 'acNEVERISSUED']) {
        const again = await server.request('POST', '/api/login/loginForAlipay', {
          headers: { 'x-user-type': 'app' },
          body: { grantType: 'alipay', code: used },
        });
        assert.equal(again.status, 400, JSON.stringify(again.body));
        assert.equal(again.body.msg, '授权失败，请重新授权');
      }
    });

    test("the phone number is Alipay's, decrypted with the AES key; a forged one is refused", async () => {
      const mobile = '13912345678';
      const phoneCode = (answer: string) => {
        const { response, sign } = JSON.parse(answer) as { response: string; sign: string };
        return `${response}.${sign}`;
      };
      const login = await server.request<{ token: string }>('POST', '/api/login/loginForUni', {
        headers: { 'x-user-type': 'app' },
        body: { provider: 'alipay', phoneCode: phoneCode(alipay.phoneNumberResponse(mobile)) },
      });
      assert.equal(login.body.code, 200, JSON.stringify(login.body));
      const user = await server.db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', mobile)
        .executeTakeFirst();
      assert.ok(user);
      const forged = await server.request('POST', '/api/login/loginForUni', {
        headers: { 'x-user-type': 'app' },
        body: {
          provider: 'alipay',
          phoneCode: phoneCode(alipay.phoneNumberResponse('13900000001', { badSign: true })),
        },
      });
      assert.equal(forged.status, 400);
      const garbage = await server.request('POST', '/api/login/loginForUni', {
        headers: { 'x-user-type': 'app' },
        body: { provider: 'alipay', phoneCode: 'bm90aGluZw==.c2lnbg==' },
      });
      assert.equal(garbage.status, 400);
      assert.equal(
        await server.db
          .selectFrom('users')
          .select('id')
          .where('mobile', '=', '13900000001')
          .executeTakeFirst(),
        undefined,
        'nothing written for a refused login',
      );
    });

    test("the H5 OAuth link names the brand's app", async () => {
      const url = server.app.deps.providers.alipay.oauthUrl({
        redirectUri: 'http://127.0.0.1/cb',
        state: 's1',
        platform: 1,
      });
      assert.equal(new URL(url).searchParams.get('app_id'), alipay.appId);
    });
  });

  test('settings: a brand overrides the defaults; keys may be files; the either-or is named', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-settings-'));
    try {
      const keyFile = path.join(dir, 'brand3.pem');
      fs.writeFileSync(keyFile, `${alipay.appPrivateKey}\n`);
      const settings = alipaySettingsFrom({
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_APP_ID_3: '2021000000000003',
        ALIPAY_PRIVATE_KEY: 'default-key',
        ALIPAY_PRIVATE_KEY_3_FILE: keyFile,
        ALIPAY_PUBLIC_KEY: 'alipay-key',
      });
      assert.equal(settings.merchant(1).appId, '2021000000000001');
      assert.equal(settings.merchant(3).appId, '2021000000000003');
      assert.equal(settings.merchant(3).privateKey, alipay.appPrivateKey.trim());
      assert.equal(settings.merchant(2).privateKey, 'default-key');
      assert.equal(settings.gatewayUrl, 'https://openapi.alipay.com/gateway.do');
      assert.deepEqual(settings.problems(), []);
      assert.deepEqual(alipaySettingsFrom({ ALIPAY_APP_ID: 'x' }).problems(), [
        'ALIPAY_PUBLIC_KEY, or all of ALIPAY_APP_CERT_PATH, ALIPAY_PUBLIC_CERT_PATH and ALIPAY_ROOT_CERT_PATH, must be set for ALIPAY_PROVIDER=live',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('nothing secret reaches the log', () => {
    const logs = server.logs();
    const keyBody = alipay.appPrivateKey.split('\n')[1]!;
    assert.ok(!logs.includes(keyBody));
    assert.ok(!logs.includes(alipay.aesKey));
  });
});
