// engines: postgres (due-date arithmetic in SQL, a reminder run twice at once; driver reads pinned in engine-types.test.ts)
/**
 * Bill reminders: 3 days and 1 day before due, on the day and on the first day overdue, by SMS
 * and by subscribe message where the user subscribed; each once, none after payment or
 * cancellation, a failed SMS retried by a later run of the day.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addDays } from '../src/orders/bills.ts';
import { remindBills } from '../src/privacy/reminders.ts';
import { SandboxSubscribeMessages } from '../src/providers/subscribe/index.ts';
import { SandboxSms } from '../src/providers/sms/sandbox.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { renterOwingOneBill } from './kyc-fixtures.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const sms = () => server.providers.sms as SandboxSms;
const messages = () => server.providers.subscribeMessages as SandboxSubscribeMessages;
/** 10:00 in Beijing on `day`. */
const at = (day: string) => new Date(`${day}T02:00:00Z`);
const remind = (day: string) => remindBills(server.app.deps, at(day));
const noticesTo = (mobile: string) =>
  sms()
    .notices.filter((n) => n.mobile === mobile)
    .map((n) => `${n.purpose}:${n.params.period}`);

const renter = (mobile: string) => renterOwingOneBill(server, mobile);

test('each reminder goes once: 3 days and 1 day before, on the day, the day after', async () => {
  const mobile = '13720000001';
  const { due } = await renter(mobile);
  await remind(addDays(due, -4));
  assert.deepEqual(noticesTo(mobile), []);
  await remind(addDays(due, -3));
  await remind(addDays(due, -3)); // a second run the same day sends nothing more
  assert.deepEqual(noticesTo(mobile), ['bill_reminder:2']);
  await remind(addDays(due, -2));
  await remind(addDays(due, -1));
  await remind(due);
  await remind(addDays(due, 1));
  await remind(addDays(due, 1));
  await remind(addDays(due, 2));
  assert.deepEqual(noticesTo(mobile), [
    'bill_reminder:2',
    'bill_reminder:2',
    'bill_due_today:2',
    'overdue_notice:2',
  ]);
  const notice = sms().notices.find((n) => n.mobile === mobile);
  assert.equal(notice?.platform, 1);
  assert.match(notice?.params.amount ?? '', /^\d+\.\d{2}$/);
});

test('two runs at once send one message', async () => {
  const mobile = '13720000002';
  const { due } = await renter(mobile);
  await Promise.all([remind(addDays(due, -1)), remind(addDays(due, -1))]);
  assert.deepEqual(noticesTo(mobile), ['bill_reminder:2']);
});

test('none after the bill is paid, nor after the account is cancelled', async () => {
  const paidMobile = '13720000003';
  const paid = await renter(paidMobile);
  await remind(addDays(paid.due, -3));
  await server.db
    .updateTable('bills')
    .set((eb) => ({ status: 'paid', paid: eb.ref('original') }))
    .where('id', '=', paid.billId)
    .execute();
  for (const offset of [-1, 0, 1]) await remind(addDays(paid.due, offset));
  assert.deepEqual(noticesTo(paidMobile), ['bill_reminder:2']);

  const goneMobile = '13720000004';
  const gone = await renter(goneMobile);
  // As the cancellation leaves it (a cancelled account has no number and is marked).
  await server.db
    .updateTable('users')
    .set({ cancelled_at: new Date(), mobile: null })
    .where('id', '=', gone.userId)
    .execute();
  for (const offset of [-3, -1, 0, 1]) await remind(addDays(gone.due, offset));
  assert.deepEqual(noticesTo(goneMobile), []);
  const rows = await server.db
    .selectFrom('bill_reminders')
    .select('id')
    .where('bill_id', '=', gone.billId)
    .execute();
  assert.deepEqual(rows, []);
});

test('a failed SMS is tried again by a later run of the day, not after', async () => {
  const mobile = '13720000005';
  const { due, billId } = await renter(mobile);
  sms().failFor(mobile);
  const first = await remind(addDays(due, -3));
  assert.equal(first.failed, 1);
  sms().recover(mobile);
  await remind(addDays(due, -3));
  assert.deepEqual(noticesTo(mobile), ['bill_reminder:2']);
  const row = await server.db
    .selectFrom('bill_reminders')
    .selectAll()
    .where('bill_id', '=', billId)
    .executeTakeFirstOrThrow();
  assert.deepEqual([row.status, row.attempts], ['sent', 2]);
});

test('subscribe messages go where the user subscribed in the app, one per subscription', async () => {
  const mobile = '13720000006';
  const { token, userId, due, orderId } = await renter(mobile);
  await server.db
    .insertInto('user_open_ids')
    .values({ user_id: userId, platform: 1, provider: 'wechat', open_id: 'o-reminder-6' })
    .execute();
  const templates = await server.request<{ purpose: string; templateId: string }[]>(
    'GET',
    '/api/privacy/subscriptions/templates',
    { token, query: { host: 'wechat' } },
  );
  const reminderTemplate = templates.body.data.find((t) => t.purpose === 'bill_reminder');
  assert.ok(reminderTemplate);
  const refused = await server.request('POST', '/api/privacy/subscriptions', {
    token,
    body: { host: 'wechat', templateIds: ['someone-elses-template'] },
  });
  assert.equal(refused.status, 400);
  const recorded = await server.request('POST', '/api/privacy/subscriptions', {
    token,
    body: { host: 'wechat', templateIds: [reminderTemplate.templateId] },
  });
  assert.equal(recorded.body.code, 200);

  await remind(addDays(due, -3));
  await remind(addDays(due, -1));
  const sent = messages().sent.filter((m) => m.openId === 'o-reminder-6');
  // One subscription, one message: the 1-day reminder goes by SMS only.
  assert.equal(sent.length, 1);
  assert.equal(sent[0].templateId, reminderTemplate.templateId);
  assert.equal(sent[0].page, `pages/orderDetail/orderDetail?orderId=${orderId}`);
  assert.deepEqual(noticesTo(mobile), ['bill_reminder:2', 'bill_reminder:2']);
});

test('the subscription routes need a user and a known host', async () => {
  const anonymous = await server.request('POST', '/api/privacy/subscriptions', {
    body: { host: 'x' },
  });
  assert.equal(anonymous.status, 401);
  const token = await server.loginAs('13720000007');
  const badHost = await server.request('GET', '/api/privacy/subscriptions/templates', {
    token,
    query: { host: 'telegram' },
  });
  assert.equal(badHost.status, 400);
});
