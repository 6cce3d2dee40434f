// engines: both (idempotent notifications: row locks and transactions decide which one counts)
/**
 * Provider notifications are verified exactly as live ones will be — signature, then the merchant
 * they name, then the amount against the stored trade — and applied by what the provider says
 * happened, not by the order they arrive in: a close then a success ends where a success then a
 * close does, a success repeated after a refund changes nothing, and a freeze reported failed then
 * frozen freezes. The sandbox cashier only answers links signed for the payment.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { sweepSandboxNotifications } from '../src/payments/sandbox.ts';
import type { TestServer } from './helpers.ts';
import {
  cashierPath,
  newShopper,
  ops,
  orderStatus,
  orderTestServer,
  sandboxes,
  settle,
  signedOrder,
  type Plan,
  type Shopper,
} from './order-fixtures.ts';

let server: TestServer;
let month: Plan;

before(async () => {
  ({ server, month } = await orderTestServer());
});
after(() => server.close());

interface Payment {
  outTradeNo: string;
  amount: number;
  cashierUrl: string;
}

const post = (gateway: string, fields: Record<string, string>) => postTo(gateway, 1, fields);
const postTo = (gateway: string, platform: number, fields: Record<string, string>) =>
  fetch(`${server.baseUrl}/pay/notify/${gateway}/${platform}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  }).then((r) => r.text());

async function openPayment(shopper: Shopper): Promise<{ id: number; pay: Payment }> {
  const id = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
  const reply = await server.request<Payment>('POST', '/api/order/pay', {
    token: shopper.token,
    body: { orderId: id },
  });
  assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
  return { id, pay: reply.body.data };
}

const trade = (pay: Payment, status: string, extra: Record<string, string> = {}) =>
  sandboxes(server).alipay.signed({
    notify_type: 'trade',
    out_trade_no: pay.outTradeNo,
    trade_no: 'SBX0000000000000001',
    trade_status: status,
    total_amount: String(pay.amount),
    ...extra,
  });

async function state(id: number) {
  const bills = await server.db
    .selectFrom('bills')
    .select(['id', 'status', 'paid'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  const payments = await server.db
    .selectFrom('payments')
    .select(['out_trade_no', 'status'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  const refunds = await server.db
    .selectFrom('refunds')
    .select(['amount', 'status'])
    .where('order_id', '=', id)
    .execute();
  return { status: await orderStatus(server, id), bills, payments, refunds };
}

describe('forged notifications', () => {
  test('a bad or missing signature, another merchant or a tampered field are refused, and change nothing', async () => {
    const shopper = await newShopper(server);
    const { id, pay } = await openPayment(shopper);
    const before = await state(id);
    const genuine = trade(pay, 'TRADE_SUCCESS');
    const cases: [string, Record<string, string>][] = [
      ['no signature', Object.fromEntries(Object.entries(genuine).filter(([k]) => k !== 'sign'))],
      ['signed with another key', { ...genuine, sign: 'c'.repeat(64) }],
      ['amount changed after signing', { ...genuine, total_amount: String(pay.amount * 100) }],
      [
        'status changed after signing',
        { ...trade(pay, 'TRADE_CLOSED'), trade_status: 'TRADE_SUCCESS' },
      ],
      [
        'another merchant',
        sandboxes(server).alipay.signed({ ...withoutSign(genuine), app_id: 'someone-else' }),
      ],
      ['signature as text', { ...genuine, sign: 'not hex at all' }],
    ];
    for (const [what, fields] of cases) assert.equal(await post('alipay', fields), 'fail', what);
    // A genuine Alipay notification posted to the WeChat endpoint is not WeChat's, nor is it
    // brand 2's; and brand 2's own account cannot speak for brand 1's order.
    assert.equal(await post('wechat', genuine), 'fail');
    assert.equal(await postTo('alipay', 2, genuine), 'fail');
    const brand2 = sandboxes(server, 2).alipay;
    assert.equal(
      await postTo(
        'alipay',
        2,
        brand2.signed({ ...withoutSign(genuine), app_id: brand2.merchantId }),
      ),
      'fail',
    );
    assert.deepEqual(await state(id), before);
    const outcomes = await server.db
      .selectFrom('payment_notifications')
      .select(['outcome'])
      .where('out_trade_no', '=', pay.outTradeNo)
      .execute();
    assert.deepEqual(
      outcomes.map((o) => o.outcome).sort(),
      [
        ...Array.from({ length: 7 }, () => 'bad_signature'),
        'merchant_mismatch',
        'merchant_mismatch',
      ].sort(),
    );
    // The genuine one still counts afterwards.
    assert.equal(await post('alipay', genuine), 'success');
    await settle(server);
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
  });

  test('the sandbox cashier answers only a link signed for the payment', async () => {
    const shopper = await newShopper(server);
    const { id, pay } = await openPayment(shopper);
    assert.match(pay.cashierUrl, /^\/pay\/cashier\/[A-Z0-9]+\?sig=[0-9a-f]{32}$/);
    for (const url of [
      `/pay/cashier/${pay.outTradeNo}`,
      `/pay/cashier/${pay.outTradeNo}?sig=${'0'.repeat(32)}`,
    ]) {
      assert.equal((await fetch(`${server.baseUrl}${url}`)).status, 404);
      const forced = await fetch(`${server.baseUrl}${url.replace('?', '/pay?')}`, {
        method: 'POST',
        redirect: 'manual',
      });
      assert.equal(forced.status, 404);
    }
    await settle(server);
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');
    assert.deepEqual(await sandboxes(server).alipay.charges(pay.outTradeNo), []);
    const page = await fetch(`${server.baseUrl}${cashierPath(server, pay.outTradeNo)}`);
    assert.equal(page.status, 200);
    assert.match(
      await page.text(),
      new RegExp(`action="/pay/cashier/${pay.outTradeNo}/pay\\?sig=`),
    );
  });
});

function withoutSign(fields: Record<string, string>) {
  const { sign: _sign, ...rest } = fields;
  return rest;
}

describe('a notification never attempted', () => {
  test('is queued by the sweep once, and delivered', async () => {
    const shopper = await newShopper(server);
    const { id, pay } = await openPayment(shopper);
    assert.equal(await sandboxes(server).alipay.complete(pay.outTradeNo, 'pay'), 'paid');
    // As if the process that was to post it first stopped before it (no job, never attempted),
    // more than a minute ago.
    const stored = await server.db
      .selectFrom('sandbox_notifications')
      .select('id')
      .where(sql<string>`fields->>'out_trade_no'`, '=', pay.outTradeNo)
      .executeTakeFirstOrThrow();
    await sql`delete from pgboss.job where name = 'sandbox-notify' and data->>'id' = ${String(stored.id)}`.execute(
      server.db,
    );
    await server.db
      .updateTable('sandbox_notifications')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .where('id', '=', stored.id)
      .execute();
    await settle(server);
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');
    const jobs = server.app.deps.jobs;
    const swept = await sweepSandboxNotifications(server.db, jobs);
    assert.ok(swept.queued >= 1);
    // Its job is there now: a second sweep does not add another.
    const again = await sweepSandboxNotifications(server.db, jobs);
    assert.equal(again.queued, 0);
    await settle(server);
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
    const delivered = await server.db
      .selectFrom('sandbox_notifications')
      .select(['status', 'attempts'])
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(delivered, { status: 'delivered', attempts: 1 });
  });
});

describe('order of arrival', () => {
  test('TRADE_CLOSED then TRADE_SUCCESS ends where TRADE_SUCCESS then TRADE_CLOSED does', async () => {
    const endings = [];
    for (const order of [
      ['TRADE_CLOSED', 'TRADE_SUCCESS'],
      ['TRADE_SUCCESS', 'TRADE_CLOSED'],
    ]) {
      const shopper = await newShopper(server);
      const { id, pay } = await openPayment(shopper);
      for (const status of order) assert.equal(await post('alipay', trade(pay, status)), 'success');
      await settle(server);
      const ended = await state(id);
      endings.push({
        status: ended.status,
        bills: ended.bills.map((b) => b.status),
        payments: ended.payments.map((p) => p.status),
        refunds: ended.refunds,
      });
    }
    assert.deepEqual(endings[0], endings[1]);
    assert.equal(endings[0]!.status, 'PENDING_REVIEW');
    assert.deepEqual(endings[0]!.payments, ['succeeded']);
    assert.deepEqual(endings[0]!.refunds, []);
  });

  test('a success repeated after the order was cancelled and refunded changes nothing', async () => {
    const shopper = await newShopper(server);
    const { id, pay } = await openPayment(shopper);
    assert.equal(await sandboxes(server).alipay.complete(pay.outTradeNo, 'pay'), 'paid');
    await settle(server);
    await server.request('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id },
    });
    await ops(server, 'POST', `/ops/orders/${id}/approve-cancel`, {});
    await settle(server);
    const refunded = await state(id);
    assert.equal(refunded.status, 'CANCELLED');
    assert.deepEqual(refunded.refunds, [{ amount: pay.amount, status: 'succeeded' }]);
    // Alipay reports the trade again (a new notify id), then closed after the full refund.
    assert.equal(await post('alipay', trade(pay, 'TRADE_SUCCESS')), 'success');
    assert.equal(await post('alipay', trade(pay, 'TRADE_CLOSED')), 'success');
    await settle(server);
    assert.deepEqual(await state(id), refunded);
    const trades = await sandboxes(server).alipay.queryTrade(pay.outTradeNo);
    assert.equal(trades?.refunded, pay.amount);
  });

  test('a freeze reported failed, then frozen, freezes the deposit', async () => {
    const shopper = await newShopper(server);
    const id = await signedOrder(server, month, shopper, { extra: { depositMethod: 'freeze' } });
    const alipay = sandboxes(server).alipay;
    // The freeze request reaches Alipay only through the job: run nothing yet.
    const started = await server.request<{ outRequestNo: string; amount: number }>(
      'POST',
      '/api/order/refreeze',
      { token: shopper.token, body: { orderId: id } },
    );
    const { outRequestNo, amount } = started.body.data;
    const freeze = (status: string) =>
      alipay.signed({
        notify_type: 'freeze',
        out_trade_no: outRequestNo,
        auth_no: 'SBXAUTHLATE0000001',
        status,
        trade_status: status,
        total_amount: String(amount),
      });
    assert.equal(await post('alipay', freeze('FAIL')), 'success');
    assert.equal(await orderStatus(server, id), 'PENDING_FREEZE');
    assert.equal(await post('alipay', freeze('SUCCESS')), 'success');
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');
    assert.equal(await post('alipay', freeze('FAIL')), 'success');
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');
    const auth = await server.db
      .selectFrom('deposit_authorisations')
      .select(['status', 'auth_no'])
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(auth, { status: 'frozen', auth_no: 'SBXAUTHLATE0000001' });
  });
});

describe('what anyone may post to the notify URLs', () => {
  /** Its own server: three unverified notifications a minute per IP. */
  let guarded: TestServer;
  let guardedPlan: Plan;
  before(async () => {
    ({ server: guarded, month: guardedPlan } = await orderTestServer({
      RATE_NOTIFY_REJECTED_PER_IP: '3',
    }));
  });
  after(() => guarded.close());

  const rows = async () =>
    guarded.db
      .selectFrom('payment_notifications')
      .select(['id', 'payload', 'outcome'])
      .orderBy('id')
      .execute();
  const send = (body: string, gateway = 'alipay') =>
    fetch(`${guarded.baseUrl}/pay/notify/${gateway}/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  test('a body that fails verification is kept as a small digest, never whole', async () => {
    const junk = new URLSearchParams({
      notify_type: 'trade',
      out_trade_no: 'PT'.padEnd(2000, 'X'),
      filler: 'A'.repeat(20_000),
    }).toString();
    const before = (await rows()).length;
    const reply = await send(junk);
    assert.equal(await reply.text(), 'fail');
    const stored = (await rows()).slice(before);
    assert.equal(stored.length, 1);
    assert.equal(stored[0]!.outcome, 'bad_signature');
    const kept = JSON.stringify(stored[0]!.payload);
    assert.ok(kept.length < 1024, `${kept.length} characters kept`);
    assert.doesNotMatch(kept, /AAAAAAAAAA|XXXXXXXXXX/);
    assert.match(kept, /"sha256":"[0-9a-f]{64}"/);
  });

  test('a body over the provider’s size is refused before it is read, and nothing is stored', async () => {
    const before = (await rows()).length;
    for (const gateway of ['alipay', 'wechat', 'card']) {
      const reply = await send(`filler=${'B'.repeat(100_000)}`, gateway);
      assert.equal(reply.status, 413, gateway);
    }
    assert.equal((await rows()).length, before);
  });

  test('past its limit an IP is refused unverified notifications, never genuine ones', async () => {
    const shopper = await newShopper(guarded);
    const id = await signedOrder(guarded, guardedPlan, shopper, {
      extra: { depositMethod: 'paid' },
    });
    const opened = await guarded.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    const pay = opened.body.data;
    const forged = new URLSearchParams({
      notify_type: 'trade',
      out_trade_no: pay.outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: String(pay.amount),
      sign: 'f'.repeat(64),
    }).toString();
    // The first test's body used one of the three.
    for (let i = 0; i < 2; i++) assert.equal(await (await send(forged)).text(), 'fail');
    const before = (await rows()).length;
    const limited = await send(forged);
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal((await rows()).length, before, 'nothing stored past the limit');
    // Alipay's own notification, from the same address, still lands (and its retry too).
    const genuine = sandboxes(guarded).alipay.signed({
      notify_type: 'trade',
      out_trade_no: pay.outTradeNo,
      trade_no: 'SBX0000000000000009',
      trade_status: 'TRADE_SUCCESS',
      total_amount: String(pay.amount),
    });
    for (let i = 0; i < 2; i++)
      assert.equal(await (await send(new URLSearchParams(genuine).toString())).text(), 'success');
    await settle(guarded);
    assert.equal(await orderStatus(guarded, id), 'PENDING_REVIEW');
  });

  test('the sandbox cashier’s signed link stays out of the access log', async () => {
    const shopper = await newShopper(guarded);
    const id = await signedOrder(guarded, guardedPlan, shopper, {
      extra: { depositMethod: 'paid' },
    });
    const opened = await guarded.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    const link = opened.body.data.cashierUrl;
    const sig = new URL(link, guarded.baseUrl).searchParams.get('sig')!;
    assert.equal((await fetch(`${guarded.baseUrl}${link}`)).status, 200);
    const paid = await fetch(`${guarded.baseUrl}${link.replace('?', '/pay?')}`, {
      method: 'POST',
      redirect: 'manual',
    });
    assert.equal(paid.status, 303);
    assert.match(guarded.logs(), new RegExp(`/pay/cashier/${opened.body.data.outTradeNo}`));
    assert.ok(!guarded.logs().includes(sig), 'the signature is not in the log');
  });
});

describe('where this process runs jobs (npm start, the worker)', () => {
  let polling: TestServer;
  let plan: Plan;
  before(async () => {
    ({ server: polling, month: plan } = await orderTestServer());
    await polling.app.deps.jobs.startPolling(60_000);
  });
  after(() => polling.close());

  const notifyJobs = async () =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from pgboss.job where name = 'sandbox-notify'`.execute(
          polling.db,
        )
      ).rows[0]!.n,
    );
  const until = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  test('a freeze (refused once on demand) and a payment (refused once, then paid) are notified without a job', async () => {
    const shopper = await newShopper(polling);
    const id = await signedOrder(polling, plan, shopper, { extra: { depositMethod: 'freeze' } });
    const alipay = sandboxes(polling).alipay;
    await alipay.failNext('freeze');
    const refreeze = () =>
      polling.request<{ outRequestNo: string }>('POST', '/api/order/refreeze', {
        token: shopper.token,
        body: { orderId: id },
      });
    const refused = await refreeze();
    assert.equal(refused.body.code, 200, JSON.stringify(refused.body));
    // Asked again with the same number (the outbox, reconciliation): nothing new, no failure taken.
    await alipay.freeze({ outRequestNo: refused.body.data.outRequestNo, amount: 1 });
    await until('the refusal applied', async () => {
      const auth = await polling.db
        .selectFrom('deposit_authorisations')
        .select('status')
        .where('out_request_no', '=', refused.body.data.outRequestNo)
        .executeTakeFirstOrThrow();
      return auth.status === 'failed';
    });
    assert.equal(await orderStatus(polling, id), 'PENDING_FREEZE');
    await refreeze();
    await until(
      'the freeze applied',
      async () => (await orderStatus(polling, id)) === 'PENDING_PAY',
    );

    const pay = async () =>
      (
        await polling.request<Payment>('POST', '/api/order/pay', {
          token: shopper.token,
          body: { orderId: id },
        })
      ).body.data.outTradeNo;
    const first = await pay();
    await alipay.failNext('pay');
    assert.equal(await alipay.complete(first, 'pay'), 'failed');
    assert.equal(await alipay.complete(first, 'pay'), 'failed');
    // Until its notification is applied the payment stays open, and paying again returns it.
    await until('the refusal of the payment applied', async () => {
      const payment = await polling.db
        .selectFrom('payments')
        .select('status')
        .where('out_trade_no', '=', first)
        .executeTakeFirstOrThrow();
      return payment.status !== 'created';
    });
    const second = await pay();
    assert.notEqual(second, first);
    assert.equal(await alipay.complete(second, 'pay'), 'paid');
    await until(
      'the payment applied',
      async () => (await orderStatus(polling, id)) === 'PENDING_REVIEW',
    );
    await polling.app.deps.jobs.drain();
    // Every notification answered at its first attempt: no job was added for any of them.
    const notifications = await polling.db
      .selectFrom('sandbox_notifications')
      .select(['id', 'status', 'attempts', 'last_answer'])
      .orderBy('id')
      .execute();
    const seen = `${JSON.stringify(notifications)}\n${polling
      .logs()
      .split('\n')
      .filter((line) => line.includes('job failed'))
      .join('\n')}`;
    assert.equal(await notifyJobs(), 0, seen);
    assert.equal(notifications.length, 4, seen);
    assert.ok(
      notifications.every((n) => n.status === 'delivered' && n.attempts === 1),
      seen,
    );
    assert.deepEqual(await alipay.charges(first), []);
    assert.equal((await alipay.charges(second)).length, 1);
  });
});
