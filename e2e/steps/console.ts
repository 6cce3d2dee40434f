/**
 * The merchant console's steps shared by the browser tests of admin/: signing in and out as a
 * member of staff, and choosing from an Ant Design select.
 */
import type { Locator, Page } from 'playwright-core';

/** Signs in on the console's login page (Enter submits the form, as a keyboard user would). */
export async function consoleLogIn(
  page: Page,
  baseUrl: string,
  login: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.waitForURL(/\/admin\/login$/);
  await page.getByLabel('账号').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('密码', { exact: true }).press('Enter');
}

export async function consoleLogOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: '退出' }).click();
  await page.getByRole('button', { name: '登录' }).waitFor();
}

/**
 * Opens the select labelled `label` inside `scope` and picks `option`, then waits for the
 * dropdown to be gone: while it fades out it lies over the fields below it, and a click meant for
 * one of them (a brand's checkbox, say) lands on the fading list instead.
 */
export async function chooseOption(
  page: Page,
  scope: Pick<Page, 'getByLabel'>,
  label: string | RegExp,
  option: string,
): Promise<void> {
  await scope.getByLabel(label).click();
  await page.locator('.ant-select-item-option', { hasText: option }).click();
  await page.waitForFunction(
    () => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
  );
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
