import { installLanguagePack, setLanguage } from '../../i18n';
import { packOf } from '../../../contract/i18n';
import { getBrand } from '../../brands';
import { applyBrandTheme } from '../theme';
import {
  callPhone,
  chooseImages,
  confirmAction,
  copyText,
  hideLoading,
  showLoading,
  showMessage,
  showToast,
} from '../ui';
import { visibleToast } from './helpers/toast-dom';

/** H5 (jsdom): Taro renders its toast into the DOM, so what the user would see can be read back. */

afterEach(async () => {
  // Taro keeps one toast element for the page: hide it rather than remove it.
  await hideLoading();
  jest.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 250));
  setLanguage('zh-Hans');
});

test('a toast shows for 1500 ms', async () => {
  jest.useFakeTimers();
  await showToast('已保存', { icon: 'success' });
  expect(visibleToast()).toEqual({ text: '已保存', iconShown: true });
  jest.advanceTimersByTime(1400);
  expect(visibleToast()?.text).toBe('已保存');
  jest.advanceTimersByTime(300);
  expect(visibleToast()).toBeUndefined();
});

test('the message variant shows for 2000 ms without an icon', async () => {
  jest.useFakeTimers();
  await showMessage('验证码错误');
  expect(visibleToast()).toEqual({ text: '验证码错误', iconShown: false });
  jest.advanceTimersByTime(1900);
  expect(visibleToast()?.text).toBe('验证码错误');
  jest.advanceTimersByTime(300);
  expect(visibleToast()).toBeUndefined();
});

test('an empty server message shows nothing', async () => {
  expect(await showMessage('')).toBe(false);
  expect(visibleToast()).toBeUndefined();
});

test('loading stays until it is closed', async () => {
  jest.useFakeTimers();
  await showLoading('请求中...');
  jest.advanceTimersByTime(60_000);
  expect(visibleToast()).toEqual({ text: '请求中...', iconShown: true });
  await hideLoading();
  jest.advanceTimersByTime(200);
  expect(visibleToast()).toBeUndefined();
});

describe('copy to clipboard', () => {
  const doc = document as unknown as { execCommand?: (command: string) => boolean };
  afterEach(() => delete doc.execCommand);

  test('success says 内容已复制', async () => {
    const copied: string[] = [];
    // jsdom has no clipboard: this stands in for the browser's copy command.
    doc.execCommand = (command: string) => {
      if (command === 'copy') copied.push(String(window.getSelection()?.toString() ?? ''));
      return true;
    };
    expect(await copyText('SN-2026-0001')).toBe(true);
    expect(visibleToast()?.text).toBe('内容已复制');
  });

  test('failure says 复制失败，请手动复制', async () => {
    // No copy command at all, as in a locked-down web view.
    expect(await copyText('SN-2026-0001')).toBe(false);
    expect(visibleToast()).toEqual({ text: '复制失败，请手动复制', iconShown: false });
  });

  test('the messages follow the language', async () => {
    installLanguagePack(packOf('en'));
    setLanguage('en');
    await copyText('x');
    expect(visibleToast()?.text).toBe('Copy failed, please copy manually');
  });
});

describe('phone call', () => {
  test('an empty or letter-only number is not dialled', async () => {
    expect(await callPhone('')).toBe(false);
    expect(await callPhone('call us')).toBe(false);
  });

  test('a number is handed to the dialler (tel: on H5)', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // jsdom cannot navigate to tel:, it reports "not implemented" and stays: the call still succeeds.
    expect(await callPhone('400-800 1234')).toBe(true);
    errors.mockRestore();
  });
});

test('the image chooser resolves [] when the user cancels', async () => {
  const pending = chooseImages(1, ['album']);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const input = document.getElementById('taroChooseImage') as HTMLInputElement | null;
  expect(input?.getAttribute('accept')).toBe('image/*');
  input?.dispatchEvent(new Event('cancel'));
  expect(await pending).toEqual([]);
});

describe('confirm dialog', () => {
  it('confirms in the brand’s colour, not Taro’s green, for a red brand', async () => {
    applyBrandTheme(getBrand(5));
    const answer = confirmAction('清空搜索记录？', { confirm: '清空', cancel: '取消' });
    const confirm = await waitForConfirmButton();
    // #B91C1C, brand 5's theme.
    expect(confirm.style.color).toBe('rgb(185, 28, 28)');
    confirm.click();
    expect(await answer).toBe(true);
  });
});

async function waitForConfirmButton(): Promise<HTMLElement> {
  for (let i = 0; i < 50; i += 1) {
    const button = Array.from(document.querySelectorAll<HTMLElement>('.taro-modal__foot div')).find(
      (element) => element.textContent === '清空' && element.offsetParent !== undefined,
    );
    if (button) return button;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no dialog');
}
