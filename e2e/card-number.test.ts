/**
 * Typing a bank card number key by key on bindCard: every digit the user types stays in the
 * field, in the order typed, while the page shows the issuer; a reload keeps what was typed
 * (in the tab's session storage, never in localStorage). The keys go in with no delay
 * between them on a CPU slowed down in the browser (a busy phone), which is when a field that
 * rewrites its value as it is typed drops keys.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { phonePage, type RunningServer, screenshot, useServerAndBrowser } from './harness';
import { addAddress, rentChoice } from './steps/checkout';
import { apiAs, loginBySms, type Api } from './steps/session';
import { agreeAllBody } from './steps/privacy';
import { idNumber } from './steps/verification';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

async function ok<T>(reply: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const { code, msg, data } = await reply;
  assert.equal(code, 200, msg);
  return data;
}

/** A placed freeze-deposit order whose user has passed every check but the bank card. */
async function orderAtBankCard(api: Api, baseUrl: string, seq: number): Promise<number> {
  await addAddress(api);
  const choice = await rentChoice(api, 1);
  const addresses = await ok(api<{ id: number }[]>('/api/user/userAddress'));
  const placed = await ok(
    api<{ id: number }>('/api/order/place', {
      goodsId: choice.goodsId,
      skuId: choice.skuId,
      planId: choice.planId,
      addressId: addresses[0].id,
      serviceIds: choice.serviceIds,
      depositMethod: 'freeze',
    }),
  );
  await ok(api('/api/privacy/consents', agreeAllBody()));
  await ok(api('/api/client/auth/submit', { name: '王小明', idNo: idNumber(seq) }));
  const face = await ok(api<{ certifyId: string }>('/api/client/auth/face', {}));
  const passed = await fetch(`${baseUrl}/sandbox/face/${face.certifyId}/pass`, { method: 'POST' });
  assert.ok(passed.ok);
  for (let i = 0; ; i += 1) {
    const result = await api<{ status: string }>('/api/client/face/result', {
      certifyId: face.certifyId,
    });
    if (result.data?.status === 'passed') break;
    assert.ok(i < 100, 'the face verdict comes in');
    await new Promise((r) => setTimeout(r, 100));
  }
  return placed.id;
}

describe('card number typing', () => {
  it('keeps every digit typed key by key on a slow phone', async () => {
    const { page, errors } = await phonePage(browser);
    await loginBySms(page, server.baseUrl, '13800138601', '/pages/user/user');
    const api = await apiAs(page, server.baseUrl);
    const orderId = await orderAtBankCard(api, server.baseUrl, 601);
    await page.goto(
      `${server.baseUrl}/#/pages/emergencyContact/emergencyContact?orderId=${orderId}`,
    );
    await page.locator('input[name="contactName"]').fill('李四');
    await page.locator('input[name="contactMobile"]').fill('13700137000');
    await page.getByRole('radio', { name: '父母' }).click();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.locator('.form-submit:visible', { hasText: '保存并继续' }).click();
    const card = page.locator('input[name="cardNo"]:visible');
    await card.waitFor();

    const number = '6222020200112233445';
    for (let round = 0; round < 5; round += 1) {
      if (round > 0) await card.fill('');
      await card.pressSequentially(number);
      await page.getByText('中国工商银行 · 储蓄卡').waitFor();
      const typed = await card.inputValue();
      assert.equal(typed.replace(/\D/g, ''), number, `round ${round}: the field holds "${typed}"`);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await card.blur();
    assert.equal(await card.inputValue(), '6222 0202 0011 2233 445', 'grouped in fours once left');
    await screenshot(page, 'card-number-typed');

    // A reload keeps what was typed, in the tab's session storage only (never localStorage).
    await page.locator('input[name="reservedMobile"]:visible').fill('13600136000');
    // The draft is written as the field changes; reload once it holds what was typed (the run
    // that reloaded at once, on a loaded machine, reloaded before the write).
    await page.waitForFunction(() => JSON.stringify({ ...sessionStorage }).includes('13600136000'));
    await page.reload();
    await card.waitFor();
    await page.getByText('中国工商银行 · 储蓄卡').waitFor();
    assert.equal(
      (await card.inputValue()).replace(/\D/g, ''),
      number,
      'the card survives a reload',
    );
    const mobile = page.locator('input[name="reservedMobile"]:visible');
    await page.waitForFunction(
      (input) => (input as HTMLInputElement | null)?.value === '13600136000',
      await mobile.elementHandle(),
    );
    assert.equal(await mobile.inputValue(), '13600136000');
    const stored = await page.evaluate(() => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
    }));
    // As typed: grouped in fours once the field was left.
    const forms = [number, '6222 0202 0011 2233 445'];
    assert.ok(
      forms.every((form) => !stored.local.includes(form)),
      'no card number in lasting storage',
    );
    assert.ok(forms.some((form) => stored.session.includes(form)));
    assert.deepEqual(errors, []);
  });
});
