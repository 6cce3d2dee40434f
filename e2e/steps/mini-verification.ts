/**
 * The verification and contract screens in the headless host (perfectIdCard → zhima →
 * emergencyContact → bindCard → contractPreview), as a user walks them after placing an order.
 * Each step page is opened where the app sends it (redirectTo) and answers it on screen. The face
 * check and the signing are the providers' web pages, opened in the app's web view: the host
 * cannot draw a web page, so the test presses the sandbox page's button by HTTP (what the user
 * does there) and goes back to the step, which reads the verdict as it does when shown again.
 */
import assert from 'node:assert/strict';
import type { FakeHost, MiniPage } from '../mini-host';
import { lastNavigation } from './mini';
import { lastBankCode } from './session';
import { idNumber, SANDBOX_CARD } from './verification';

/**
 * Waits for the app to replace `page` (redirectTo, after navigation number `since`) with a page
 * whose url matches `where`, and opens it in its place.
 */
async function redirected(
  host: FakeHost,
  since: number,
  where: RegExp,
  timeoutMs = 10_000,
): Promise<MiniPage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const next = host.navigations.slice(since).find((n) => n.startsWith('redirectTo '));
    if (next) {
      assert.match(next, where);
      return host.show(next.slice('redirectTo '.length), { replace: true });
    }
    assert.ok(Date.now() < deadline, `never left for ${String(where)}: ${host.navigations.at(-1)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The provider's page the step opened in the web view: opened over the step, its `button`
 * pressed (`pass` on the face page, `sign` on the signing page), then back to the step.
 */
async function onProviderPage(host: FakeHost, baseUrl: string, button: string): Promise<void> {
  const webView = lastNavigation(host, /navigateTo .*webView/);
  const target = new URL(decodeURIComponent(/url=([^&]+)/.exec(webView)?.[1] ?? ''));
  assert.match(target.pathname, /^\/sandbox\/(face|esign)\//, target.href);
  await host.show(webView);
  const pressed = await fetch(`${baseUrl}${target.pathname}/${button}`, { method: 'POST' });
  assert.ok(pressed.ok, `${target.pathname}/${button}: ${pressed.status}`);
  await host.back();
}

/**
 * A consent card, when the user has not agreed yet: identity and credit before real name (PIPL
 * art. 29), withholding before a contract whose bills come from a card.
 */
async function agreeConsentGate(page: MiniPage, step = 'verify-card'): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (page.findAll('consent-gate').length === 0 && page.findAll(step).length === 0) {
    assert.ok(Date.now() < deadline, `${page.route}: neither consent nor step drawn`);
    await new Promise((r) => setTimeout(r, 50));
  }
  if (page.findAll('consent-gate').length > 0) await page.tap('form-submit', '同意并继续');
}

/**
 * From the real-name step (where placing the order leaves the user) to the payment screens:
 * real name typed in (`seq` picks the ID number), face passed, credit (skipped by the app when the score passed at real name),
 * an emergency contact, the sandbox bank's card bound with its SMS code, the contract read and
 * signed. Returns the page the contract step handed over to (the freeze or the pay screen).
 */
/**
 * The first-run policy prompt (privacy policy and user agreement) a user who logged in with the
 * phone-number button meets on the next page: agreed.
 */
export async function agreePolicyPrompt(host: FakeHost): Promise<void> {
  const page = await host.show('/pages/user/user');
  await page.waitForText('隐私政策与用户协议');
  await page.tap('form-submit', '同意');
  const deadline = Date.now() + 10_000;
  while (page.texts().includes('隐私政策与用户协议')) {
    assert.ok(Date.now() < deadline, 'the policy prompt stayed after agreeing');
    await new Promise((r) => setTimeout(r, 50));
  }
  await host.back();
}

export async function verifyOnScreens(
  host: FakeHost,
  baseUrl: string,
  /** The ID number's sequence digits (a passing sandbox credit score from 333 on). */
  seq: number,
): Promise<MiniPage> {
  const person = { name: '王小明', idNo: idNumber(seq) };
  let page = await host.show(lastNavigation(host, /redirectTo .*perfectIdCard/), {
    replace: true,
  });
  await agreeConsentGate(page);
  await page.tap('verify-link', '手动填写');
  await page.type('realName', person.name);
  await page.type('idNo', person.idNo);
  await page.tap('form-submit', '确认身份信息');
  await page.tap('form-submit', '开始人脸识别');
  let since = host.navigations.length;
  await onProviderPage(host, baseUrl, 'pass');
  page = await redirected(host, since, /zhima|emergencyContact/);

  if (page.route === 'pages/zhima/zhima') {
    since = host.navigations.length;
    await page.tap('form-submit', '重新查询');
    page = await redirected(host, since, /emergencyContact/);
  }

  await page.type('contactName', '李四');
  await page.type('contactMobile', '13700137000');
  await page.tap('verify-chip', '父母');
  since = host.navigations.length;
  await page.tap('form-submit', '保存并继续');
  page = await redirected(host, since, /bindCard/);

  const { reservedMobile } = SANDBOX_CARD;
  await page.type('cardNo', SANDBOX_CARD.number);
  await page.waitForText('中国工商银行');
  await page.type('reservedMobile', reservedMobile);
  await page.tap('verify-send', '获取验证码');
  const code = await lastBankCode(baseUrl, reservedMobile);
  assert.ok(code, 'the sandbox bank texted a code');
  await page.type('bindCode', code);
  since = host.navigations.length;
  await page.tap('form-submit', '确认绑定');
  page = await redirected(host, since, /contractPreview/);

  await agreeConsentGate(page, 'verify-contract');
  await page.waitFor('verify-contract');
  await page.tap('verify-agree');
  await page.tap('form-submit', '去签署');
  since = host.navigations.length;
  await onProviderPage(host, baseUrl, 'sign');
  return redirected(host, since, /aliSign|pages\/pay\/pay|confirmPayment/);
}
