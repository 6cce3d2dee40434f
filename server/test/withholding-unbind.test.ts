// engines: both (the outbox's transactions and retries by date)
/**
 * The user sees their automatic-deduction agreements and cancels one: nothing more is withheld,
 * and the bank is told (through the outbox, retried while it is down) until it confirms.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { WithholdingItem } from '../../contract/api/privacy.ts';
import { sql } from 'kysely';
import { emptyReport, withholdDue } from '../src/jobs/index.ts';
import { SandboxBankCard } from '../src/providers/bank-card/sandbox.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { insertOrder, loginAgreed, testIdNumber, userIdOf, verifyFully } from './kyc-fixtures.ts';

let server: TestServer;
let token: string;
let userId: number;
before(async () => {
  server = await startTestServer();
  token = await loginAgreed(server, '13730000001');
  userId = await userIdOf(server, token);
  await verifyFully(server, token, { name: '代扣人', idNo: testIdNumber(710) });
});
after(() => server.close());

/** A renting card-deposit order with a signed agreement and its period-2 bill due yesterday. */
async function withheldOrder(): Promise<number> {
  const orderId = await insertOrder(server, userId, { status: 'RENTING', depositMethod: 'card' });
  const signed = await server.request('GET', `/api/order/signHFB/${orderId}`, { token });
  assert.equal(signed.body.code, 200, signed.body.msg);
  await server.db
    .updateTable('bills')
    .set({ due_date: '2020-01-01' })
    .where('order_id', '=', orderId)
    .where('period', '=', 2)
    .execute();
  return orderId;
}

const paymentsOf = async (orderId: number) =>
  server.db.selectFrom('payments').select('id').where('order_id', '=', orderId).execute();

test('the user lists and cancels an agreement; the sweep withholds only from the other', async () => {
  const kept = await withheldOrder();
  const cancelled = await withheldOrder();

  const list = await server.request<WithholdingItem[]>('GET', '/api/privacy/withholding', {
    token,
  });
  assert.equal(list.body.code, 200);
  assert.deepEqual(
    list.body.data.map((a) => [a.orderId, a.cancelledAt]).sort(),
    [
      [kept, null],
      [cancelled, null],
    ].sort(),
  );
  assert.match(list.body.data[0].cardNoMasked, /^\d{6}\*{6}\d{4}$/);

  const reply = await server.request<WithholdingItem[]>('POST', '/api/privacy/withholding/cancel', {
    token,
    body: { orderId: cancelled },
  });
  assert.equal(reply.body.code, 200);
  const after = reply.body.data.find((a) => a.orderId === cancelled);
  assert.ok(after?.cancelledAt);
  // Again: the same answer, the first time kept.
  const again = await server.request<WithholdingItem[]>('POST', '/api/privacy/withholding/cancel', {
    token,
    body: { orderId: cancelled },
  });
  assert.equal(
    again.body.data.find((a) => a.orderId === cancelled)?.cancelledAt,
    after?.cancelledAt,
  );

  const report = emptyReport();
  await withholdDue(server.app.deps, new Date(), report);
  assert.deepEqual(report.errors, []);
  assert.equal((await paymentsOf(kept)).length, 1, 'the kept agreement is withheld under');
  assert.deepEqual(await paymentsOf(cancelled), [], 'nothing is withheld for the cancelled one');
});

test('no one cancels another user’s agreement, or one on another brand; bad input writes nothing', async () => {
  const orderId = await withheldOrder();
  const other = await loginAgreed(server, '13730000002');
  const foreign = await server.request('POST', '/api/privacy/withholding/cancel', {
    token: other,
    body: { orderId },
  });
  assert.equal(foreign.status, 404);
  server.advanceClock(61);
  const brand2 = await server.loginAs('13730000001', 2);
  const otherBrand = await server.request('POST', '/api/privacy/withholding/cancel', {
    token: brand2,
    platform: 2,
    body: { orderId },
  });
  assert.equal(otherBrand.status, 404);
  for (const body of [{}, { orderId: 'x' }, { orderId: -1 }]) {
    const bad = await server.request('POST', '/api/privacy/withholding/cancel', { token, body });
    assert.equal(bad.status, 400, JSON.stringify(body));
  }
  const row = await server.db
    .selectFrom('withholding_agreements')
    .select('cancelled_at')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  assert.equal(row.cancelled_at, null);
  const anonymous = await server.request('GET', '/api/privacy/withholding');
  assert.equal(anonymous.status, 401);
});

test('the bank is told of the cancellation; while it is down the job is kept and retried', async () => {
  const orderId = await withheldOrder();
  const bank = server.providers.bankCard;
  assert.ok(bank instanceof SandboxBankCard);
  const jobs = server.app.deps.jobs;
  // Earlier tests' revocations go first, so only this one is left to fail.
  await jobs.drain(['outbox']);
  bank.failRevocations();
  try {
    const reply = await server.request<WithholdingItem[]>(
      'POST',
      '/api/privacy/withholding/cancel',
      { token, body: { orderId } },
    );
    assert.equal(reply.body.code, 200, reply.body.msg);
    const cancelled = reply.body.data.find((a) => a.orderId === orderId);
    assert.ok(cancelled?.cancelledAt, 'stopped on our side at once');
    assert.equal(cancelled.revokedAt, null, 'the bank has not confirmed yet');

    await jobs.drain(['outbox']);
    const failed = await server.db
      .selectFrom('withholding_agreements')
      .select(['agreement_no', 'bank_revoked_at', 'revoke_attempts', 'revoke_error'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    assert.equal(failed.bank_revoked_at, null);
    assert.equal(failed.revoke_attempts, 1);
    assert.match(failed.revoke_error ?? '', /unreachable/);
    // The job is kept in the database, waiting for its retry (a restart would find it).
    const { rows } = await sql<{ state: string }>`
      select state from pgboss.job
      where name = 'outbox' and data->>'kind' = 'revoke-withholding'
        and (data->>'id')::int = (select id from withholding_agreements where order_id = ${orderId})
    `.execute(server.db);
    assert.deepEqual(
      rows.map((row) => row.state),
      ['retry'],
    );
    assert.equal(bank.isRevoked(failed.agreement_no), false);

    bank.recoverRevocations();
    // The retry's backoff has passed.
    await sql`update pgboss.job set start_after = now() where state = 'retry'`.execute(server.db);
    await jobs.drain(['outbox']);
    assert.equal(bank.isRevoked(failed.agreement_no), true);
    const list = await server.request<WithholdingItem[]>('GET', '/api/privacy/withholding', {
      token,
    });
    const revoked = list.body.data.find((a) => a.orderId === orderId);
    assert.ok(revoked?.revokedAt, 'the agreement shows revoked');
    assert.equal(revoked.cancelledAt, cancelled.cancelledAt);
  } finally {
    bank.recoverRevocations();
  }
});
