/**
 * The console's reports page (issue 38) in Chromium, on the server npm start runs: the demo owner
 * opens 报表; a storefront order placed and paid on brand 1 raises today's orders placed and
 * payments received once the page is loaded again; the summary table downloads as a CSV file
 * whose today's line carries the new figures. On 对账, the owner uploads WeChat Pay's trade bill
 * for brand 1 and today as the provider publishes it: the dry run lists a bad row and the import
 * stays disabled; the fixed file's dry run lists its line, the import takes it, and its payment,
 * which our ledger does not have, is listed as a difference (我方无此笔).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, startServer, type RunningServer } from './harness';
import { assertConsoleBuilt, consoleLogIn, consolePage, demoOwnerPassword } from './steps/console';
import { loginOnBrand } from './steps/brand-session';
import { confirmAndSign, defaultAddress, ok, placeOrder, until, verifyUser } from './steps/setup';

let server: RunningServer;
let browser: Browser;

before(async () => {
  assertConsoleBuilt();
  server = await startServer({ h5: false });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A storefront order on brand 1, verified, signed and paid at the sandbox cashier. */
async function paidOrder(mobile: string, seq: number) {
  const shopper = await loginOnBrand(server.baseUrl, mobile, 1);
  await verifyUser(shopper.api, server.baseUrl, seq);
  const id = await placeOrder(shopper.api, await defaultAddress(shopper.api, mobile), 'paid');
  await confirmAndSign(shopper.api, server.baseUrl, id, 'PENDING_PAY');
  const pay = ok(await shopper.api<{ cashierUrl: string }>('/api/order/pay', { orderId: id }));
  const cashier = new URL(pay.cashierUrl, server.baseUrl);
  const paid = await fetch(`${server.baseUrl}${cashier.pathname}/pay${cashier.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  assert.ok(paid.status < 400, `the cashier answered ${paid.status}`);
  await until(async () => {
    const detail = await shopper.api<{ status: string }>(`/api/order/detail/${id}`);
    return detail.data?.status === 'PENDING_REVIEW';
  }, 'the payment notification');
}

/** Today's overall line of the summary table: its cells' text. */
async function todaysLine(page: Page): Promise<string[]> {
  const row = page.locator('[data-testid="report-summary"] tr.ant-table-row', { hasText: today() });
  await row.waitFor();
  return (await row.locator('td').allInnerTexts()).map((text) => text.trim());
}

const yuanOf = (text: string) => Number(text.replace(/[¥,]/g, ''));

describe('console reports', () => {
  it("a paid storefront order raises today's figures; the summary downloads as CSV", async () => {
    const { page, errors } = await consolePage(browser);
    await consoleLogIn(page, server.baseUrl, 'demo-owner', demoOwnerPassword(server));
    await page.waitForURL(/\/admin\/orders/);

    await page.getByRole('menuitem', { name: '报表' }).click();
    await page.waitForURL(/\/admin\/reports$/);
    // Columns: period, brand, placed, approved, rejected, shipped, approval rate, contracted,
    // due, collected, overdue rate, payments received, ...
    const before = await todaysLine(page);
    assert.equal(before[1], '合计');
    await page.getByRole('img', { name: '订单趋势图' }).locator('canvas').waitFor();

    await paidOrder('13800138801', 881);
    await page.reload();
    let after: string[] = [];
    await until(async () => {
      after = await todaysLine(page);
      return Number(after[2]) === Number(before[2]) + 1;
    }, "today's orders placed to count the new order");
    assert.ok(
      yuanOf(after[11]!) > yuanOf(before[11]!),
      `payments received ${before[11]} → ${after[11]}`,
    );
    await screenshot(page, 'admin-reports');

    const summary = page.locator('.ant-card', { hasText: '汇总' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      summary.getByRole('link', { name: '导出 CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^report-summary-brands-.*\.csv$/);
    const file = await download.path();
    const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    const header = text.split(/\r?\n/)[0]!.split(',');
    const line = text
      .split(/\r?\n/)
      .map((l) => l.split(','))
      .find((cells) => cells[0] === today() && cells[1] === 'all');
    assert.ok(line, "the file has today's overall line");
    assert.equal(Number(line[header.indexOf('ordersPlaced')]), Number(after[2]));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("a provider's statement file is uploaded on the reconciliation page: dry run, problems, import, differences", async () => {
    const { page, errors } = await consolePage(browser);
    await consoleLogIn(page, server.baseUrl, 'demo-owner', demoOwnerPassword(server));
    await page.waitForURL(/\/admin\/orders/);
    await page.getByRole('menuitem', { name: '对账' }).click();
    await page.waitForURL(/\/admin\/reconciliation$/);

    // WeChat Pay's trade bill (type ALL) as downloaded: the details' header, every field after a
    // backquote, then the summary's header and row.
    // https://pay.weixin.qq.com/docs/merchant/products/bill-download/format-trade.html
    const header =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const line = (trade: string, amount: string) =>
      [
        `${today()} 10:00:00`,
        'wx2421b1c4370ec43b',
        '10000100',
        '0',
        '',
        `4200000${trade.length}`,
        trade,
        'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
        'JSAPI',
        'SUCCESS',
        'OTHERS',
        'CNY',
        amount,
        '0.00',
        '0',
        '0',
        '0.00',
        '0.00',
        '',
        '',
        '租金',
        '',
        '0.07',
        '0.60%',
        amount,
        '0.00',
        '',
      ]
        .map((field) => `\`${field}`)
        .join(',');
    const bill = (...lines: string[]) =>
      Buffer.from(
        [
          header,
          ...lines,
          '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
          '`1,`12.34,`0.00,`0.00,`0.07,`12.34,`0.00',
          '',
        ].join('\r\n'),
      );
    const card = page.locator('.ant-card', { hasText: '导入渠道对账单' });
    await card.getByLabel('对账单日期').fill(today());
    const upload = (buffer: Buffer) =>
      card
        .locator('input[type=file]')
        .setInputFiles({ name: 'tradebill.csv', mimeType: 'text/csv', buffer });

    await upload(bill(line('WXE2E0001', '12.34'), line('WXE2E0002', '12.345')));
    await card.getByRole('button', { name: /试运行/ }).click();
    const problems = card.getByTestId('statement-problems');
    await problems.locator('tr', { hasText: '12.345' }).waitFor();
    assert.match(await problems.innerText(), /\b3\b[\s\S]*amount/);
    assert.equal(await card.getByRole('button', { name: '导入' }).isDisabled(), true);
    await screenshot(page, 'admin-statement-dry-run');

    await upload(bill(line('WXE2E0001', '12.34')));
    await card.getByRole('button', { name: /试运行/ }).click();
    await card.getByTestId('statement-lines').locator('tr', { hasText: 'WXE2E0001' }).waitFor();
    assert.match(await card.getByTestId('statement-result').innerText(), /1 笔.*0 处问题/);
    await card.getByRole('button', { name: '导入' }).click();
    await card.getByTestId('statement-result').filter({ hasText: '已导入 1 笔' }).waitFor();

    const difference = page
      .getByTestId('reconciliation-mismatches')
      .locator('tr', { hasText: 'WXE2E0001' });
    await difference.waitFor();
    assert.match(await difference.innerText(), /微信支付[\s\S]*12\.34[\s\S]*我方无此笔/);
    await screenshot(page, 'admin-statement-imported');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
