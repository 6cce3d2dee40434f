// engines: postgres (aggregates over dates in Asia/Shanghai, JSON and window functions: the same SQL on both engines; the console runs on PostgreSQL in production; driver reads pinned in engine-types.test.ts)
/**
 * The console's reports and reconciliation (issue 38) on a real server and database: a month of
 * ledger rows on two brands, every figure of getReport worked out again from those rows (by day,
 * week and month, per brand and overall), brand limits, the CSV and XLSX exports read back, the
 * guard's 401/403 before validation, a provider statement's differences listed and resolved
 * (with an audit row), and the storefront's channel code kept on the order.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Mismatch, Report } from '../../contract/admin/reports.ts';
import { Desk, ownerDesk, staffDesk } from './admin-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { newShopper, placeBody, plans, restock, type Plan } from './order-fixtures.ts';
import { seedMonth, type Ledger } from './report-fixtures.ts';
import {
  expectedBuckets,
  expectedChannels,
  expectedRows,
  startOf,
  type Unit,
} from './report-expected.ts';

const MONTH = { from: '2026-08-01', to: '2026-08-31' };
let server: TestServer;
let owner: Desk;
let month: Plan;
let ledger: Ledger;
let today: string;

before(async () => {
  server = await startTestServer();
  ({ month } = await plans(server));
  await restock(server, [month.sku_id]);
  owner = await ownerDesk(server);
  const users = {
    1: (await newShopper(server, 1)).userId,
    2: (await newShopper(server, 2)).userId,
  };
  ledger = await seedMonth(server, '2026-08', users, month);
  today = new Date(server.app.deps.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
});
after(() => server.close());

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]): [string, string][] =>
      v === undefined ? [] : [[k, String(v)]],
    ),
  ).toString();

/** Every row of the report against the figures worked out from the seeded rows. */
function assertRows(report: Report, unit: Unit, brands: number[]) {
  const expected = expectedRows(ledger, { ...MONTH, unit, brands, today });
  const periods = new Set<string>();
  for (let d = 1; d <= 31; d++) periods.add(startOf(`2026-08-${String(d).padStart(2, '0')}`, unit));
  assert.equal(report.rows.length, periods.size * (report.platforms.length + 1));
  let nonZero = 0;
  for (const row of report.rows) {
    const want = expected.get(`${row.period}|${row.platform ?? 'all'}`) ?? {};
    for (const [name, value] of Object.entries(row)) {
      if (name === 'period' || name === 'platform') continue;
      const fallback = name.endsWith('Rate') ? null : 0;
      assert.equal(
        value,
        want[name] ?? fallback,
        `${unit} ${row.period} brand ${row.platform} ${name}`,
      );
      if (typeof value === 'number' && value > 0) nonZero++;
    }
  }
  assert.ok(nonZero > 50, 'the seeded month shows up in the figures');
}

describe('reports', () => {
  for (const unit of ['day', 'week', 'month'] as const)
    test(`by ${unit}: every figure matches the ledger rows, per brand and overall`, async () => {
      const reply = await owner.send<Report>(
        'GET',
        `/reports?${query({ ...MONTH, granularity: unit })}`,
      );
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.deepEqual(reply.body.data.platforms, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
      assertRows(reply.body.data, unit, [1, 2]);
    });

  test('overdue buckets and channels match the ledger rows', async () => {
    const reply = await owner.send<Report>('GET', `/reports?${query(MONTH)}`);
    const report = reply.body.data;
    const { cells, pastDue, ratio } = expectedBuckets(ledger, { ...MONTH, brands: [1, 2], today });
    let late = 0;
    for (const row of report.overdue) {
      const who = row.platform === null ? 'all' : String(row.platform);
      const cell = cells.get(`${row.bucket}|${who}`) ?? { bills: 0, due: 0, paid: 0 };
      assert.deepEqual(
        [row.bills, row.amountDue, row.amountRecovered, row.shareOfPastDue, row.recoveryRate],
        [
          cell.bills,
          cell.due,
          cell.paid,
          ratio(cell.bills, pastDue.get(who) ?? 0),
          ratio(cell.paid, cell.due),
        ],
        `${row.bucket} brand ${row.platform}`,
      );
      if (row.platform === null) late += row.bills;
    }
    assert.ok(late > 5, 'some bills were late');
    for (const bucket of ['1-7', '8-30', '31-90', '>90'])
      assert.ok(
        report.overdue.some((r) => r.bucket === bucket && r.platform === null && r.bills > 0),
        bucket,
      );
    const channels = expectedChannels(ledger, { ...MONTH, brands: [1, 2] });
    assert.deepEqual(
      Object.fromEntries(report.channels.map(({ channel, ...figures }) => [channel, figures])),
      Object.fromEntries(channels),
    );
  });

  test('a brand-2 account sees brand 2 only, and never brand 1', async () => {
    const desk = (await staffDesk(server, owner, 'brand2viewer', 'viewer', [2])).desk;
    const reply = await desk.send<Report>(
      'GET',
      `/reports?${query({ ...MONTH, granularity: 'week' })}`,
    );
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.deepEqual(reply.body.data.platforms, [2]);
    assert.ok(reply.body.data.rows.every((row) => row.platform === 2 || row.platform === null));
    assertRows(reply.body.data, 'week', [2]);
    const channels = expectedChannels(ledger, { ...MONTH, brands: [2] });
    assert.deepEqual(
      Object.fromEntries(reply.body.data.channels.map(({ channel, ...f }) => [channel, f])),
      Object.fromEntries(channels),
    );
    const other = await desk.send('GET', `/reports?${query({ ...MONTH, platform: 1 })}`);
    assert.equal(other.status, 403);
    const file = await desk.file(
      `/reports/export?${query({ ...MONTH, platform: 1, table: 'summary', format: 'csv' })}`,
    );
    assert.equal(file.status, 403);
    // The owner asking for one brand gets that brand's figures only.
    const one = await owner.send<Report>('GET', `/reports?${query({ ...MONTH, platform: 1 })}`);
    assert.deepEqual(one.body.data.platforms, [1]);
    assertRows(one.body.data, 'day', [1]);
  });

  test('bad ranges are refused with a reason', async () => {
    for (const params of [
      { from: '2026-08-31', to: '2026-08-01' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2024-01-01', to: '2026-01-01' },
      { from: '2026-08-01', to: '2026-08-31', granularity: 'year' },
      { from: '2026-8-1', to: '2026-08-31' },
    ]) {
      const reply = await owner.send('GET', `/reports?${query(params)}`);
      assert.equal(reply.status, 400, JSON.stringify(params));
      assert.ok(reply.body.msg.length > 0);
    }
  });
});

describe('export', () => {
  test('CSV reads back to the figures shown', async () => {
    const report = (
      await owner.send<Report>('GET', `/reports?${query({ ...MONTH, granularity: 'week' })}`)
    ).body.data;
    const response = await owner.file(
      `/reports/export?${query({ ...MONTH, granularity: 'week', table: 'summary', format: 'csv' })}`,
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/csv/);
    assert.match(
      response.headers.get('content-disposition') ?? '',
      /attachment; filename="report-summary-brands-2026-08-01-2026-08-31\.csv"/,
    );
    const text = (await response.text()).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true });
    assert.equal(parsed.errors.length, 0);
    assert.equal(parsed.data.length, report.rows.length);
    parsed.data.forEach((line, i) => {
      const row = report.rows[i]!;
      assert.equal(line.platform, row.platform === null ? 'all' : String(row.platform));
      assert.equal(line.period, row.period);
      assert.equal(Number(line.rentDue), row.rentDue);
      assert.equal(Number(line.paymentsReceived), row.paymentsReceived);
      assert.equal(line.approvalRate === '' ? null : Number(line.approvalRate), row.approvalRate);
    });
  });

  test('XLSX reads back with exceljs, the overdue and channel tables too', async () => {
    const report = (await owner.send<Report>('GET', `/reports?${query(MONTH)}`)).body.data;
    for (const table of ['overdue', 'channels'] as const) {
      const response = await owner.file(
        `/reports/export?${query({ ...MONTH, table, format: 'xlsx' })}`,
      );
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /spreadsheetml/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.getWorksheet(table)!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const lines: Record<string, unknown>[] = [];
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        const values = (row.values as unknown[]).slice(1);
        lines.push(Object.fromEntries(header.map((key, i) => [String(key), values[i] ?? null])));
      });
      const shown = table === 'overdue' ? report.overdue : report.channels;
      assert.equal(lines.length, shown.length);
      shown.forEach((row, i) => {
        for (const [key, value] of Object.entries(row)) {
          const want = key === 'platform' && value === null ? 'all' : value;
          assert.equal(lines[i]![key], want, `${table} ${i} ${key}`);
        }
      });
    }
  });
});

describe('the guard answers before validation', () => {
  test('no session: 401 on every new route, even with a malformed query or body', async () => {
    const anonymous = new Desk(server);
    for (const [method, path] of [
      ['GET', '/reports?from=nonsense'],
      ['GET', '/reports/export?table=nothing'],
      ['GET', '/reconciliation?from=nonsense'],
      ['POST', '/reconciliation/resolve'],
      ['POST', '/reconciliation/statements'],
    ] as const) {
      const reply = path.startsWith('/reports/export')
        ? { status: (await anonymous.file(path)).status }
        : await anonymous.send(method, path, method === 'POST' ? { body: { bogus: true } } : {});
      assert.equal(reply.status, 401, `${method} ${path}`);
    }
  });

  test('a viewer gets 403 from reconciliation before its body is read; a missing CSRF token too', async () => {
    const viewer = (await staffDesk(server, owner, 'reconviewer', 'viewer', [1])).desk;
    assert.equal((await viewer.send('GET', '/reconciliation?from=nonsense')).status, 403);
    assert.equal(
      (await viewer.send('POST', '/reconciliation/resolve', { body: { bogus: true } })).status,
      403,
    );
    assert.equal(
      (await viewer.send('POST', '/reconciliation/statements', { body: { bogus: true } })).status,
      403,
    );
    const finance = (await staffDesk(server, owner, 'financeone', 'finance', [1])).desk;
    const noCsrf = await finance.send('POST', '/reconciliation/resolve', {
      body: { bogus: true },
      csrf: false,
    });
    assert.equal(noCsrf.status, 403);
    // Past the guard, the body is validated: 400 with a reason.
    const bad = await finance.send('POST', '/reconciliation/resolve', { body: { bogus: true } });
    assert.equal(bad.status, 400);
    // Reports are for every role.
    assert.equal((await viewer.send('GET', `/reports?${query(MONTH)}`)).status, 200);
  });
});

describe('reconciliation', () => {
  test('a statement with a changed amount, a missing and an extra line: three differences, each resolved once, audited', async () => {
    const finance = (await staffDesk(server, owner, 'financetwo', 'finance', [1])).desk;
    // Brand 1's alipay payments and refunds of its busiest day, as our ledger has them.
    const dayOf = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const brandOf = new Map(ledger.orders.map((o) => [o.id, o.platform]));
    const channelOf = new Map(ledger.payments.map((p) => [p.id, p.channel]));
    const alipay = (channel: string | undefined) => channel === 'alipay' || channel === 'auth';
    const paymentsOn = (day: string) =>
      ledger.payments.filter(
        (p) =>
          p.status === 'succeeded' &&
          brandOf.get(p.orderId) === 1 &&
          alipay(p.channel) &&
          dayOf(p.finishedAt!) === day,
      );
    const august = Array.from(
      { length: 31 },
      (_, i) => `2026-08-${String(i + 1).padStart(2, '0')}`,
    );
    const day = august.reduce((best, d) =>
      paymentsOn(d).length > paymentsOn(best).length ? d : best,
    );
    const payments = paymentsOn(day);
    const refunds = ledger.refunds.filter(
      (r) =>
        r.status === 'succeeded' &&
        brandOf.get(r.orderId) === 1 &&
        alipay(channelOf.get(r.paymentId)) &&
        dayOf(r.finishedAt!) === day,
    );
    assert.ok(payments.length >= 3, `payments on ${day}: ${payments.length}`);
    const lines = [
      ...payments.map((p) => ({
        kind: 'payment' as const,
        reference: p.outTradeNo,
        amount: p.amount,
      })),
      ...refunds.map((r) => ({
        kind: 'refund' as const,
        reference: r.outRefundNo,
        amount: r.amount,
      })),
    ];
    const [changed, dropped] = [lines[0]!, lines[1]!];
    const statement = [
      { ...changed, amount: changed.amount + 1 },
      ...lines.slice(2),
      { kind: 'payment' as const, reference: 'UNKNOWN-TRADE-1', amount: 4_200 },
    ];
    const imported = await finance.send('POST', '/reconciliation/statements', {
      body: { platform: 1, provider: 'alipay', day, lines: statement },
    });
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    // A finance account of brand 1 cannot import brand 2's statement.
    const elsewhere = await finance.send('POST', '/reconciliation/statements', {
      body: { platform: 2, provider: 'alipay', day, lines: [] },
    });
    assert.equal(elsewhere.status, 403);

    type Listing = {
      days: {
        day: string;
        provider: string;
        ours: Record<string, number>;
        theirs: Record<string, number> | null;
        mismatches: number;
        unresolved: number;
      }[];
      mismatches: Mismatch[];
    };
    const list = async () =>
      (
        await finance.send<Listing>(
          'GET',
          `/reconciliation?${query({ from: '2026-08-01', to: '2026-08-31', provider: 'alipay' })}`,
        )
      ).body.data;
    const listed = await list();
    const problems = Object.fromEntries(listed.mismatches.map((m) => [m.reference, m.problem]));
    assert.deepEqual(problems, {
      [changed.reference]: 'amount_differs',
      [dropped.reference]: 'missing_at_provider',
      'UNKNOWN-TRADE-1': 'missing_here',
    });
    const summary = listed.days.find((d) => d.day === day)!;
    assert.equal(summary.mismatches, 3);
    assert.equal(summary.unresolved, 3);
    assert.equal(summary.ours.payments, payments.length);
    assert.equal(
      summary.ours.paymentAmount,
      payments.reduce((sum, p) => sum + p.amount, 0),
    );
    assert.equal(summary.theirs?.payments, statement.filter((l) => l.kind === 'payment').length);
    // Days without an imported statement list our side only, and no differences.
    const other = listed.days.find((d) => d.day !== day && d.ours.payments > 0);
    assert.ok(other);
    assert.equal(other.theirs, null);
    assert.equal(other.mismatches, 0);

    const resolved = await finance.send<Mismatch>('POST', '/reconciliation/resolve', {
      body: {
        platform: 1,
        provider: 'alipay',
        kind: 'payment',
        reference: 'UNKNOWN-TRADE-1',
        note: '支付宝重复入账，已联系支付宝',
      },
    });
    assert.equal(resolved.status, 200, JSON.stringify(resolved.body));
    assert.equal(resolved.body.data.resolution?.staffLogin, 'financetwo');
    const audit = await server.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'reconciliation.resolve')
      .where('target_id', '=', 'UNKNOWN-TRADE-1')
      .execute();
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.reason, '支付宝重复入账，已联系支付宝');
    assert.equal(audit[0]!.platform, 1);
    const again = await finance.send('POST', '/reconciliation/resolve', {
      body: {
        platform: 1,
        provider: 'alipay',
        kind: 'payment',
        reference: 'UNKNOWN-TRADE-1',
        note: '再次',
      },
    });
    assert.equal(again.status, 409);
    const agreeing = await finance.send('POST', '/reconciliation/resolve', {
      body: {
        platform: 1,
        provider: 'alipay',
        kind: 'payment',
        reference: lines[2]!.reference,
        note: '没有差异',
      },
    });
    assert.equal(agreeing.status, 404, 'a line both sides agree on is not a difference');
    const after = await list();
    assert.equal(after.days.find((d) => d.day === day)!.unresolved, 2);
    assert.equal(
      after.mismatches.find((m) => m.reference === 'UNKNOWN-TRADE-1')?.resolution?.note,
      '支付宝重复入账，已联系支付宝',
    );
  });
});

describe('channel attribution', () => {
  test("a storefront order keeps the channel it arrived with and counts in today's report", async () => {
    const shopper = await newShopper(server, 1);
    const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
      token: shopper.token,
      platform: 1,
      body: placeBody(month, shopper, { depositMethod: 'paid', channelCode: 'spring_QR-7' }),
    });
    assert.equal(placed.body.code, 200, JSON.stringify(placed.body));
    const row = await server.db
      .selectFrom('orders')
      .select('channel_code')
      .where('id', '=', placed.body.data.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.channel_code, 'spring_QR-7');
    const before = await server.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const channelCode of ['has space', '渠道', 'x'.repeat(65), "a'b"]) {
      const refused = await server.request('POST', '/api/order/place', {
        token: shopper.token,
        platform: 1,
        body: placeBody(month, shopper, { depositMethod: 'paid', channelCode }),
      });
      assert.equal(refused.status, 400, channelCode);
    }
    const afterRefusals = await server.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(afterRefusals.n, before.n, 'a refused channel code writes nothing');
    const report = await owner.send<Report>(
      'GET',
      `/reports?${query({ from: today, to: today, platform: 1 })}`,
    );
    assert.equal(
      report.body.data.channels.find((c) => c.channel === 'spring_QR-7')?.ordersPlaced,
      1,
    );
    assert.equal(report.body.data.rows.find((r) => r.platform === null)?.ordersPlaced, 1);
  });
});

/** Text in GBK, as Alipay writes its statements (the table built from Node's own GBK decoder). */
function gbk(text: string): Buffer {
  const decoder = new TextDecoder('gbk');
  const table = new Map<string, number[]>();
  for (let lead = 0x81; lead <= 0xfe; lead += 1)
    for (let trail = 0x40; trail <= 0xfe; trail += 1) {
      const char = decoder.decode(new Uint8Array([lead, trail]));
      if (char.length === 1 && char !== '\uFFFD' && !table.has(char))
        table.set(char, [lead, trail]);
    }
  const bytes: number[] = [];
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) bytes.push(char.charCodeAt(0));
    else bytes.push(...(table.get(char) ?? assert.fail(`not in GBK: ${char}`)));
  }
  return Buffer.from(bytes);
}

describe('statement files', () => {
  type Upload = {
    lines: { row: number; kind: string; reference: string; amount: number }[];
    problems: { row: number; field: string; message: string }[];
    imported: number;
  };
  const dayOf = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const timeOf = (at: Date) =>
    new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const yuan = (fen: number) => (fen / 100).toFixed(2);
  const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

  /** Brand 1's WeChat Pay (wechat and payscore) payments and refunds of its busiest day. */
  function wechatDay() {
    const brandOf = new Map(ledger.orders.map((o) => [o.id, o.platform]));
    const channelOf = new Map(ledger.payments.map((p) => [p.id, p.channel]));
    const wechat = (channel: string | undefined) => channel === 'wechat' || channel === 'payscore';
    const paid = ledger.payments.filter(
      (p) => p.status === 'succeeded' && brandOf.get(p.orderId) === 1 && wechat(p.channel),
    );
    const counts = new Map<string, number>();
    for (const p of paid)
      counts.set(dayOf(p.finishedAt!), (counts.get(dayOf(p.finishedAt!)) ?? 0) + 1);
    const day = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const payments = paid.filter((p) => dayOf(p.finishedAt!) === day);
    const refunds = ledger.refunds.filter(
      (r) =>
        r.status === 'succeeded' &&
        brandOf.get(r.orderId) === 1 &&
        wechat(channelOf.get(r.paymentId)) &&
        dayOf(r.finishedAt!) === day,
    );
    return { day, payments, refunds };
  }

  /**
   * WeChat Pay's trade bill (type ALL) as GET /v3/bill/tradebill downloads it: the details'
   * header, every field after a backquote, then the summary's header and row.
   * https://pay.weixin.qq.com/docs/merchant/products/bill-download/format-trade.html
   */
  function wechatBill(
    rows: {
      time: string;
      status: 'SUCCESS' | 'REFUND';
      trade: string;
      refund?: string;
      amount: string;
    }[],
  ) {
    const header =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const details = rows.map((r) => {
      const refund = r.status === 'REFUND';
      return [
        r.time,
        'wx2421b1c4370ec43b',
        '10000100',
        '0',
        '',
        `42000${r.trade.length}${r.trade}`,
        r.trade,
        'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
        'JSAPI',
        r.status,
        'OTHERS',
        'CNY',
        refund ? '0.00' : r.amount,
        '0.00',
        refund ? `50000${r.refund}` : '0',
        refund ? r.refund : '0',
        refund ? r.amount : '0.00',
        '0.00',
        refund ? 'ORIGINAL' : '',
        refund ? 'SUCCESS' : '',
        '租金',
        '',
        '0.00',
        '0.60%',
        refund ? '0.00' : r.amount,
        refund ? r.amount : '0.00',
        '',
      ]
        .map((field) => `\`${field}`)
        .join(',');
    });
    const summary =
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额';
    return [header, ...details, summary, '`0,`0.00,`0.00,`0.00,`0.00,`0.00,`0.00', ''].join('\r\n');
  }

  test('a WeChat Pay trade bill: a dry run lists its lines and problems, a file with problems is refused, the fixed file imports and agrees with our ledger', async () => {
    const finance = (await staffDesk(server, owner, 'financefile', 'finance', [1])).desk;
    const { day, payments, refunds } = wechatDay();
    assert.ok(payments.length >= 2, `payments on ${day}: ${payments.length}`);
    const good = [
      ...payments.map((p) => ({
        time: timeOf(p.finishedAt!),
        status: 'SUCCESS' as const,
        trade: p.outTradeNo,
        amount: yuan(p.amount),
      })),
      ...refunds.map((r) => ({
        time: timeOf(r.finishedAt!),
        status: 'REFUND' as const,
        trade: 'T1',
        refund: r.outRefundNo,
        amount: yuan(r.amount),
      })),
    ];
    const bad = [
      ...good,
      {
        time: `${day} 10:00:00`,
        status: 'SUCCESS' as const,
        trade: 'BAD-AMOUNT-1',
        amount: '1.234',
      },
      {
        time: '2026-07-31 23:59:59',
        status: 'SUCCESS' as const,
        trade: 'OTHER-DAY-1',
        amount: '5.00',
      },
      good[0]!,
    ];
    const send = (content: string, mode: string, platform = 1) =>
      finance.send<Upload>('POST', '/reconciliation/statements/file', {
        body: { platform, provider: 'wechat', day, format: 'csv', content: base64(content), mode },
      });

    const dry = await send(wechatBill(bad), 'dry-run');
    assert.equal(dry.status, 200, JSON.stringify(dry.body));
    assert.deepEqual(
      dry.body.data.lines.map((l) => [l.kind, l.reference, l.amount]),
      [
        ...payments.map((p) => ['payment', p.outTradeNo, p.amount]),
        ...refunds.map((r) => ['refund', r.outRefundNo, r.amount]),
      ],
    );
    // Rows: 1 is the header, the good lines follow.
    const first = good.length + 2;
    assert.deepEqual(
      dry.body.data.problems.map((p) => [p.row, p.field]),
      [
        [first, 'amount'],
        [first + 1, 'time'],
        [first + 2, 'reference'],
      ],
    );
    assert.equal(dry.body.data.imported, 0);

    type Day = {
      day: string;
      provider: string;
      theirs: { payments: number } | null;
      ours: { payments: number; paymentAmount: number };
      mismatches: number;
    };
    const theDay = async () =>
      (
        await finance.send<{ days: Day[] }>(
          'GET',
          `/reconciliation?${query({ from: day, to: day, provider: 'wechat', platform: 1 })}`,
        )
      ).body.data.days.find((d) => d.day === day)!;
    assert.equal((await theDay()).theirs, null, 'a dry run writes nothing');

    const refused = await send(wechatBill(bad), 'import');
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.match(refused.body.msg, /3 处问题/);
    assert.equal((await theDay()).theirs, null, 'a refused import writes nothing');
    // Another brand's statement: not this account's.
    assert.equal((await send(wechatBill(good), 'dry-run', 2)).status, 403);

    const imported = await send(wechatBill(good), 'import');
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    assert.equal(imported.body.data.imported, good.length);
    const after = await theDay();
    assert.equal(after.theirs?.payments, payments.length);
    assert.equal(after.ours.payments, payments.length);
    assert.equal(after.mismatches, 0);
    const audit = await server.db
      .selectFrom('audit_events')
      .select('staff_id')
      .where('action', '=', 'reconciliation.import')
      .execute();
    assert.ok(audit.length >= 1);
  });

  test("Alipay's business details in GBK with its # lines, and a card file as XLSX, read into lines", async () => {
    // Alipay's trade bill (业务明细): GBK, notes above and totals below the table; a refund's
    // amount is negative and its number is the refund request's.
    const alipay = [
      '#支付宝业务明细查询',
      '#账号：[20880000000000000156]',
      '#起始日期：[2026年08月10日 00:00:00]   终止日期：[2026年08月11日 00:00:00]',
      '#-----------------------------------------业务明细列表----------------------------------------',
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
      '2026081022001400001,PAY-A-1,交易,租金,2026-08-10 09:00:00,2026-08-10 09:00:05,,,,,buyer@example.com,120.00,120.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,,-0.72,0.00,',
      '2026081022001400001,PAY-A-1,退款,租金,2026-08-10 09:00:00,2026-08-10 15:30:00,,,,,buyer@example.com,-20.50,-20.50,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,RF-A-1,0.12,0.00,',
      '#-----------------------------------------业务明细列表结束------------------------------------',
      '#交易合计：1笔，商家实收共120.00元',
      '#退款合计：1笔，商家实收共-20.50元',
      '#导出时间：[2026年08月11日 09:12:00]',
    ].join('\r\n');
    const finance = (await staffDesk(server, owner, 'financegbk', 'finance', [1])).desk;
    const read = await finance.send<Upload>('POST', '/reconciliation/statements/file', {
      body: {
        platform: 1,
        provider: 'alipay',
        day: '2026-08-10',
        format: 'csv',
        content: gbk(alipay).toString('base64'),
        mode: 'dry-run',
      },
    });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.deepEqual(read.body.data.lines, [
      { row: 6, kind: 'payment', reference: 'PAY-A-1', amount: 12_000 },
      { row: 7, kind: 'refund', reference: 'RF-A-1', amount: 2_050 },
    ]);
    assert.deepEqual(read.body.data.problems, []);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('statement');
    sheet.addRow(['时间', '类型', '单号', '金额（元）']);
    sheet.addRow(['2026-08-10 11:00:00', '支付', 'CARD-1', '88.80']);
    sheet.addRow(['2026-08-10 12:00:00', '退款', 'CARD-RF-1', '8']);
    sheet.addRow(['2026-08-10 13:00:00', '支付', '', '1.00']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const card = await finance.send<Upload>('POST', '/reconciliation/statements/file', {
      body: {
        platform: 1,
        provider: 'card',
        day: '2026-08-10',
        format: 'xlsx',
        content: xlsx.toString('base64'),
        mode: 'dry-run',
      },
    });
    assert.equal(card.status, 200, JSON.stringify(card.body));
    assert.deepEqual(
      card.body.data.lines.map((l) => [l.kind, l.reference, l.amount]),
      [
        ['payment', 'CARD-1', 8_880],
        ['refund', 'CARD-RF-1', 800],
      ],
    );
    assert.deepEqual(card.body.data.problems, [
      { row: 4, field: 'reference', message: '缺少单号' },
    ]);

    // Not a statement: 400 with the reason, nothing written.
    const junk = await finance.send('POST', '/reconciliation/statements/file', {
      body: {
        platform: 1,
        provider: 'wechat',
        day: '2026-08-10',
        format: 'csv',
        content: base64('a,b\n1,2'),
        mode: 'import',
      },
    });
    assert.equal(junk.status, 400);
    assert.match(junk.body.msg, /找不到表头/);
  });
});
