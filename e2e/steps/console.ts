/**
 * The merchant console's steps shared by the browser tests of admin/: the built console and the
 * demo owner's password, a desktop page that collects the browser's errors, the console's API as
 * a script (for setting accounts up), signing in and out as a member of staff, creating a staff
 * account in the 新建员工 dialog and changing a first password, and choosing from an Ant Design
 * select.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Envelope } from '../../contract/http';
import { root, type RunningServer } from '../harness';

/** Fails the run early, with what to do, when the console has not been built. */
export function assertConsoleBuilt(): void {
  const built = path.join(root, process.env.DIST_DIR ?? 'dist', 'admin', 'index.html');
  if (!fs.existsSync(built))
    throw new Error('dist/admin is not built: run `npm run build:admin` first');
}

/** The one-time password of `demo-owner`, which the server writes to its data folder at start. */
export function demoOwnerPassword(server: RunningServer): string {
  return fs.readFileSync(path.join(server.dataDir, 'admin-demo-password'), 'utf8').trim();
}

/**
 * A desktop page (1280×800 unless said) and the errors it logs: uncaught ones and console errors.
 * The CSP refusing something (an inline script, a CDN) shows there; the API's refusals a journey
 * provokes (401 before login, 403 on another brand's order) are the browser's own notes
 * ("Failed to load resource") and are left out.
 */
export async function consolePage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return { page, errors };
}

export type ConsoleApi = <T = unknown>(
  method: string,
  url: string,
  body?: unknown,
) => Promise<Envelope<T>>;

/** The console's API as a script, signed in as `login`: its session cookie and CSRF token. */
export async function consoleApi(
  baseUrl: string,
  login: string,
  password: string,
): Promise<ConsoleApi> {
  let cookie = '';
  let csrf = '';
  const call: ConsoleApi = async <T>(method: string, url: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/admin/api${url}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (pair?.startsWith('admin_session=')) cookie = pair;
    }
    return (await response.json()) as Envelope<T>;
  };
  const session = await call<{ csrfToken: string }>('POST', '/login', { login, password });
  assert.equal(session.code, 200, `${login} signs in to the console's API: ${session.msg}`);
  csrf = session.data.csrfToken;
  return call;
}

export interface StaffAccount {
  login: string;
  displayName: string;
  role: string;
  /** The brands it serves; every brand when left out. */
  brands?: number[];
  /** The first password its creator gives it. */
  first: string;
  /** The password it changes the first one to; left as it is (待改密码) when left out. */
  next?: string;
}

/** `owner` creates a staff account over the API; the account changes its first password. */
export async function staffAccount(
  baseUrl: string,
  owner: ConsoleApi,
  account: StaffAccount,
): Promise<void> {
  const created = await owner('POST', '/staff', {
    login: account.login,
    displayName: account.displayName,
    role: account.role,
    ...(account.brands ? { brands: account.brands } : { allBrands: true }),
    password: account.first,
  });
  assert.equal(created.code, 200, created.msg);
  if (!account.next) return;
  const self = await consoleApi(baseUrl, account.login, account.first);
  const changed = await self('POST', '/password', {
    currentPassword: account.first,
    newPassword: account.next,
  });
  assert.equal(changed.code, 200, changed.msg);
}

/**
 * Signs in on the console's login page (Enter submits the form, as a keyboard user would), with
 * the second factor's code when `totp` is given. It does not wait for what comes next: the queue,
 * the first password's change, or a refusal.
 */
export async function consoleLogIn(
  page: Page,
  baseUrl: string,
  login: string,
  password: string,
  totp?: string,
): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.waitForURL(/\/admin\/login$/);
  await page.getByLabel('账号').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  if (totp) await page.getByLabel(/动态验证码/).fill(totp);
  await page.getByLabel('密码', { exact: true }).press('Enter');
}

/** On the page a first login opens: the one-time password changed to `next`; the queue opens. */
export async function changeFirstPassword(page: Page, first: string, next: string): Promise<void> {
  await page.getByLabel('当前密码').fill(first);
  await page.getByLabel('新密码', { exact: true }).fill(next);
  await page.getByLabel('再次输入新密码').fill(next);
  await page.getByRole('button', { name: '修改密码' }).click();
  await page.waitForURL(/\/admin\/orders/);
}

/**
 * As a signed-in owner: 员工 → 新建员工, an account of `role` (the select's label, 运营 say) for
 * one brand with a first password; waits for the dialog to close.
 */
export async function createStaffInDialog(
  page: Page,
  account: { login: string; name: string; role: string; brand: number; first: string },
): Promise<void> {
  await page.getByRole('menuitem', { name: '员工' }).click();
  await page.getByRole('button', { name: '新建员工' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('账号').fill(account.login);
  await dialog.getByLabel('姓名').fill(account.name);
  await chooseOption(page, dialog, '角色', account.role);
  await tick(dialog.getByLabel(`品牌 ${account.brand}`));
  await dialog.getByLabel(/初始密码/).fill(account.first);
  await dialog.getByRole('button', { name: '创建' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Signs out with the header's 退出 button: back on the login page. */
export async function consoleLogOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: '退出' }).click();
  await page.getByRole('button', { name: '登录' }).waitFor();
  await page.waitForURL(/\/admin\/login$/);
}

/**
 * Opens the select labelled `label` inside `scope` and picks `option`, then waits for the
 * dropdown to be gone: while it fades out it lies over the fields below it, and a click meant for
 * one of them (a brand's checkbox, say) lands on the fading list instead. Then it checks that the
 * select shows the option, and picks it again if not: in one full run of 29 Nov the collections
 * journey's pick did not take, and the fields that follow from it never appeared.
 */
export async function chooseOption(
  page: Page,
  scope: Pick<Page, 'getByRole'>,
  label: string | RegExp,
  option: string,
): Promise<void> {
  // The input's role, not just its label: a select given aria-label carries it on its box too.
  const input = scope.getByRole('combobox', { name: label });
  // The value the select shows, beside its input in the selector box.
  const shown = input
    .locator('xpath=ancestor::div[contains(@class, "ant-select-selector")][1]')
    .locator('.ant-select-selection-item', { hasText: option });
  for (let attempt = 1; ; attempt++) {
    await input.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: option,
      })
      .click();
    await page.waitForFunction(
      () => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
    );
    if ((await shown.count()) > 0 || attempt === 3) break;
  }
  await shown.waitFor();
}

/**
 * Ticks an Ant Design checkbox and waits until it shows ticked. Playwright's check() reads the
 * state straight after its click, before a box inside a Form has drawn its new value, and fails
 * on a box that is about to be ticked.
 */
export async function tick(box: Locator): Promise<void> {
  if (await box.isChecked()) return;
  await box.click();
  for (let waited = 0; !(await box.isChecked()); waited += 50) {
    if (waited > 5000) throw new Error('the checkbox stayed unticked after a click');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
