/**
 * The sandboxes' documented cues work from the H5 uploads (README "Sandboxes"): the browser hands
 * the app a blob: URL for a picked file, and the upload carries the file's own name, so a selfie
 * named `…fail…` fails the sandbox face check, and a retry with another passes. The ID photo is
 * recognised by its file name, `idcard_<ID number>_<name>.png`, as the README says.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { phonePage, screenshot, useServerAndBrowser, type RunningServer } from './harness';
import { loginOnBrand, openAppAs } from './steps/brand-session';
import { agreeConsentGate } from './steps/privacy';
import { defaultAddress, placeOrder } from './steps/setup';
import { chooseFile, idNumber, pngWith } from './steps/verification';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

describe('sandbox cues from the H5 uploads', () => {
  it('a selfie named …fail… fails the face check; another passes', async () => {
    const session = await loginOnBrand(server.baseUrl, '13800138770', 1);
    const orderId = await placeOrder(session.api, await defaultAddress(session.api), 'paid');
    const { page, errors } = await phonePage(browser);
    await openAppAs(page, server.baseUrl, session);
    await page.goto(`${server.baseUrl}/#/pages/perfectIdCard/perfectIdCard?orderId=${orderId}`);
    await agreeConsentGate(page, '上传身份证人像面');
    // Recognised by its file name alone: the bytes carry no cue.
    const idNo = idNumber(770);
    await chooseFile(
      page,
      () => page.locator('.verify-upload').click(),
      `idcard_${idNo}_王小明.png`,
      pngWith(),
    );
    await page.locator('.verify-read__value', { hasText: '王小明' }).waitFor();
    await page.locator('.form-submit:visible', { hasText: '确认身份信息' }).click();
    const start = page.locator('.form-submit:visible', { hasText: '开始人脸识别' });
    await start.waitFor();

    await chooseFile(page, () => start.click(), 'selfie-fail.png', pngWith());
    await page.getByText('人脸识别未通过，请重试').waitFor();
    await screenshot(page, 'sandbox-face-failed');

    await chooseFile(page, () => start.click(), 'selfie.png', pngWith());
    await page.waitForURL(/pages\/(zhima\/zhima|emergencyContact\/emergencyContact)/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
