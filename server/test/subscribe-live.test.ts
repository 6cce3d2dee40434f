// engines: postgres (provider protocol: no engine difference)
/**
 * Bill reminders as live subscribe messages, with both wallets live (as production runs): the
 * registry starts, WeChat's subscribeMessage.send goes with the app's cached access token to the
 * local api.weixin.qq.com, Alipay's alipay.open.app.mini.templatemessage.send is signed and
 * verified by the local gateway, each with the template's own field keys from config. A user who
 * refused (WeChat 43101, not subscribed on Alipay) is recorded as failed and not asked again.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays } from '../src/orders/bills.ts';
import { remindBills } from '../src/privacy/reminders.ts';
import { startLocalAlipay, type LocalAlipay } from './alipay-gateway/index.ts';
import { onlyOn, startTestServer, type TestServer } from './helpers.ts';
import { renterOwingOneBill } from './kyc-fixtures.ts';
import { FakeWechatApi } from './wechat-api-server.ts';
import { BASE_APP, wechatLiveEnv, wechatTestKeys } from './wechat-fixtures.ts';

const WECHAT_TEMPLATE = 'wx-tmpl-bill-reminder';
const ALIPAY_TEMPLATE = 'ali-tmpl-bill-reminder';

describe('live subscribe messages', { skip: onlyOn('postgres') }, () => {
  let server: TestServer;
  let wechat: FakeWechatApi;
  let alipay: LocalAlipay;

  before(async () => {
    wechat = new FakeWechatApi();
    await wechat.start();
    wechat.addApp(BASE_APP.appId, BASE_APP.secret);
    wechat.addTemplate(BASE_APP.appId, WECHAT_TEMPLATE, ['character_string1', 'amount2', 'date3']);
    alipay = await startLocalAlipay();
    const purposes = (id: string) => ({ bill_reminder: id });
    server = await startTestServer({
      env: {
        ...alipay.env(),
        // WeChat Pay is not called here; its settings only have to be complete.
        ...wechatLiveEnv(wechatTestKeys(), { api: wechat.baseUrl, pay: 'http://127.0.0.1:9' }),
        SUBSCRIBE_TEMPLATES: JSON.stringify({
          1: { wechat: purposes(WECHAT_TEMPLATE), alipay: purposes(ALIPAY_TEMPLATE) },
        }),
        SUBSCRIBE_TEMPLATE_FIELDS: JSON.stringify({
          [WECHAT_TEMPLATE]: { character_string1: 'orderId', amount2: 'amount', date3: 'dueDate' },
          [ALIPAY_TEMPLATE]: { keyword1: 'orderId', keyword2: 'amount', keyword3: 'dueDate' },
        }),
      },
    });
  });
  after(async () => {
    await server?.close();
    await alipay?.close();
    await wechat?.close();
  });

  /** 10:00 in Beijing on `day`. */
  const at = (day: string) => new Date(`${day}T02:00:00Z`);

  /**
   * A renter with one unpaid bill, bound to a WeChat open id and an Alipay user id on brand 1,
   * who accepted the reminder template once on each host (recorded through the API).
   */
  async function subscribedRenter(mobile: string, suffix: string) {
    const { token, userId, orderId, due, owed } = await renterOwingOneBill(server, mobile);
    const ids = { wechat: `oWx${suffix}`, alipay: `2088${suffix.padStart(12, '0')}` };
    await server.db
      .insertInto('user_open_ids')
      .values([
        { user_id: userId, platform: 1, provider: 'wechat', open_id: ids.wechat },
        { user_id: userId, platform: 1, provider: 'alipay', open_id: ids.alipay },
      ])
      .execute();
    for (const [host, templateId] of [
      ['wechat', WECHAT_TEMPLATE],
      ['alipay', ALIPAY_TEMPLATE],
    ] as const) {
      const recorded = await server.request('POST', '/api/privacy/subscriptions', {
        token,
        body: { host, templateIds: [templateId] },
      });
      assert.equal(recorded.body.code, 200, recorded.body.msg);
    }
    return { orderId, ids, due, amount: (owed / 100).toFixed(2) };
  }

  const statuses = async (orderId: number) =>
    (
      await server.db
        .selectFrom('bill_reminders')
        .innerJoin('bills', 'bills.id', 'bill_reminders.bill_id')
        .select(['bill_reminders.channel', 'bill_reminders.status', 'bill_reminders.last_error'])
        .where('bills.order_id', '=', orderId)
        .where('bill_reminders.channel', '!=', 'sms')
        .orderBy('bill_reminders.channel')
        .execute()
    ).map((row) => [row.channel, row.status, row.last_error ?? '']);

  test('both wallets live: the registry starts with live subscribe messages', () => {
    assert.equal(server.providers.subscribeMessages.name, 'live');
  });

  test('a reminder reaches both hosts with the template fields, on the cached token', async () => {
    const renter = await subscribedRenter('13740000001', '1001');
    wechat.acceptSubscription(BASE_APP.appId, renter.ids.wechat, WECHAT_TEMPLATE);
    alipay.acceptSubscription(renter.ids.alipay, ALIPAY_TEMPLATE);

    const report = await remindBills(server.app.deps, at(addDays(renter.due, -3)));
    assert.equal(report.subscribe, 2, report.errors.join('\n'));
    assert.deepEqual(await statuses(renter.orderId), [
      ['alipay', 'sent', ''],
      ['wechat', 'sent', ''],
    ]);
    const page = `pages/orderDetail/orderDetail?orderId=${renter.orderId}`;
    assert.deepEqual(wechat.subscribeMessages.at(-1), {
      appId: BASE_APP.appId,
      touser: renter.ids.wechat,
      templateId: WECHAT_TEMPLATE,
      page,
      data: {
        character_string1: String(renter.orderId),
        amount2: renter.amount,
        date3: renter.due,
      },
    });
    assert.deepEqual(alipay.templateMessages.at(-1), {
      to: renter.ids.alipay,
      templateId: ALIPAY_TEMPLATE,
      page,
      data: {
        keyword1: { value: String(renter.orderId) },
        keyword2: { value: renter.amount },
        keyword3: { value: renter.due },
      },
    });
    // The access token came from stable_token once and is kept in the database for the next.
    const second = await subscribedRenter('13740000002', '1002');
    wechat.acceptSubscription(BASE_APP.appId, second.ids.wechat, WECHAT_TEMPLATE);
    await remindBills(server.app.deps, at(addDays(second.due, -3)));
    assert.equal(wechat.tokenRequests.length, 1);
    assert.equal(wechat.subscribeMessages.at(-1)?.touser, second.ids.wechat);
  });

  test('a user who refused on WeChat (43101) or is not subscribed on Alipay: failed, not retried', async () => {
    // Recorded as accepted by the app, but turned off in WeChat's settings and never on Alipay.
    const renter = await subscribedRenter('13740000003', '1003');
    const sentBefore = wechat.subscribeMessages.length + alipay.templateMessages.length;
    const report = await remindBills(server.app.deps, at(addDays(renter.due, -3)));
    assert.equal(report.subscribe, 0);
    const rows = await statuses(renter.orderId);
    assert.deepEqual(
      rows.map(([channel, status]) => [channel, status]),
      [
        ['alipay', 'failed'],
        ['wechat', 'failed'],
      ],
    );
    assert.match(rows[0][2], /USER_NOT_SUBSCRIBED/);
    assert.match(rows[1][2], /43101/);
    // A second run the same day asks neither host again.
    await remindBills(server.app.deps, at(addDays(renter.due, -3)));
    assert.equal(wechat.subscribeMessages.length + alipay.templateMessages.length, sentBefore);
    assert.equal((await statuses(renter.orderId)).length, 2);
  });
});
