/**
 * Verification steps (perfectIdCard → zhima → emergencyContact → bindCard → contractPreview):
 * the sandbox rules are in server/src/kyc/README.md. Each step waits for the page it drives and
 * leaves the browser on the next one.
 */
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { screenshot } from '../harness';
import { agreeConsentGate } from './privacy';

/** A 1×1 PNG; `extra` bytes ride after IEND (the sandbox OCR reads `SBXID:<id>:<name>;`). */
export function pngWith(extra = ''): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 200, 80, 40]))),
    chunk('IEND', Buffer.alloc(0)),
    Buffer.from(extra, 'utf8'),
  ]);
}

/**
 * A valid ID number (region 110101, born 1990-01-01) whose 15th–17th digits are `seq`
 * (100–999): the sandbox credit score passes from 333 on.
 */
export function idNumber(seq: number): string {
  const body = `11010119900101${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((n, d, i) => n + Number(d) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

/** Choose a file through the page's file input (Taro's H5 chooseImage). */
export async function chooseFile(
  page: Page,
  tap: () => Promise<void>,
  name: string,
  buffer: Buffer,
) {
  const chooser = page.waitForEvent('filechooser');
  await tap();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
}

/** Real name from an ID photo the sandbox OCR recognises, then face with a selfie. */
export async function passRealNameAndFace(
  page: Page,
  person: { name: string; idNo: string },
  shotPrefix: string,
): Promise<void> {
  // ID and face are sensitive data: their own consent comes first (PIPL art. 29).
  await agreeConsentGate(page, '上传身份证人像面');
  await screenshot(page, `${shotPrefix}-verify-id`);
  await chooseFile(
    page,
    () => page.locator('.verify-upload').click(),
    'idcard.png',
    pngWith(`SBXID:${person.idNo}:${person.name};`),
  );
  await page.locator('.verify-read__value', { hasText: person.name }).waitFor();
  // The number comes back masked: never the full one on screen.
  assert.equal(await page.getByText(person.idNo).count(), 0);
  await screenshot(page, `${shotPrefix}-verify-id-read`);
  await page.locator('.form-submit:visible', { hasText: '确认身份信息' }).click();
  await page.getByText('开始人脸识别').waitFor();
  await screenshot(page, `${shotPrefix}-verify-face`);
  await chooseFile(
    page,
    () => page.locator('.form-submit:visible', { hasText: '开始人脸识别' }).click(),
    'selfie.png',
    pngWith(),
  );
}

/**
 * Credit: scored at real-name submit, so a passing score skips the zhima page; either way the
 * user ends on the emergency-contact step with credit marked done in the step bar.
 */
export async function passCredit(page: Page, shotPrefix: string): Promise<void> {
  await page.waitForURL(/pages\/(zhima\/zhima|emergencyContact\/emergencyContact)/);
  if (/zhima/.test(page.url())) {
    await page.getByText('信用评估通过').waitFor();
    await screenshot(page, `${shotPrefix}-verify-credit`);
    await page.locator('.form-submit:visible', { hasText: '重新查询' }).click();
  }
  await page.waitForURL(/pages\/emergencyContact\/emergencyContact/);
  await page.locator('.verify-bar__item--done:visible', { hasText: '信用评估' }).waitFor();
}

export async function fillEmergencyContact(page: Page, shotPrefix: string): Promise<void> {
  await page.waitForURL(/pages\/emergencyContact\/emergencyContact/);
  await page.locator('input[name="contactName"]').waitFor();
  await page.locator('input[name="contactName"]').fill('李四');
  await page.locator('input[name="contactMobile"]').fill('13700137000');
  await page.getByRole('radio', { name: '父母' }).click();
  await screenshot(page, `${shotPrefix}-verify-contact`);
  await page.locator('.form-submit:visible', { hasText: '保存并继续' }).click();
}

/** The ICBC debit card the journeys bind, and the mobile the sandbox bank texts its code to. */
export const SANDBOX_CARD = { number: '6222020200112233445', reservedMobile: '13600136000' };

/**
 * Bind the ICBC debit card 6222 0202 0011 2233 445: the issuer shows as the number is typed; the
 * bank's code comes from the sandbox (`codeFor(mobile)`).
 */
export async function bindCard(
  page: Page,
  codeFor: (mobile: string) => Promise<string>,
  shotPrefix: string,
): Promise<void> {
  await page.waitForURL(/pages\/bindCard\/bindCard/);
  const cardInput = page.locator('input[name="cardNo"]');
  await cardInput.waitFor();
  await cardInput.pressSequentially(SANDBOX_CARD.number);
  await page.getByText('中国工商银行 · 储蓄卡').waitFor();
  const mobile = SANDBOX_CARD.reservedMobile;
  await page.locator('input[name="reservedMobile"]').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText(/\d+秒后重发/).waitFor();
  await page.locator('input[name="bindCode"]').fill(await codeFor(mobile));
  await screenshot(page, `${shotPrefix}-verify-card`);
  await page.locator('.form-submit:visible', { hasText: '确认绑定' }).click();
}

/**
 * The contract preview, then signing as a user of `npm start` does: 去签署 opens the sandbox's
 * signing page (served beside the app, plain http) inside the app's web view, 同意并签署 there,
 * and the app moves on by itself once the verdict is in. (Issue 33: the web view refused that
 * page, and this step had opened it in the tab instead, so nothing noticed.)
 */
export async function signContract(page: Page, baseUrl: string, shotPrefix: string) {
  await page.waitForURL(/pages\/contractPreview\/contractPreview/);
  // With a card bound, the withholding consent comes before the contract that relies on it.
  await agreeConsentGate(page, '我已阅读合同全部条款', '《代扣授权协议》');
  await page.locator('.verify-contract').waitFor();
  await screenshot(page, `${shotPrefix}-contract`);
  await page.getByRole('checkbox', { name: '我已阅读合同全部条款' }).click();
  await page.locator('.form-submit:visible', { hasText: '去签署' }).click();
  await page.waitForURL(/pages\/webView\/webView\?url=/);
  const signUrl = decodeURIComponent(/url=([^&]+)/.exec(page.url())?.[1] ?? '');
  assert.ok(signUrl.startsWith(`${baseUrl}/sandbox/esign/`), signUrl);
  assert.equal(await page.locator('.web-blocked:visible').count(), 0, 'the web view opened it');
  const signing = page.frameLocator('iframe.taro-webview');
  await signing.getByRole('button', { name: '同意并签署' }).click();
  await signing.getByText('签署完成').waitFor();
  await screenshot(page, `${shotPrefix}-esign`);
  // The contract step under the web view hears the verdict and hands over to the next step.
  await page.waitForURL((url) => !url.hash.includes('pages/webView/'));
}
