import fs from 'node:fs';
import TestUtils from '@tarojs/test-utils-react';
import { fetchLanguagePack } from '@/api/i18n';
import { setLanguage } from '@/i18n';
import { packOf } from '@contract/i18n';
import { getLanguage as storedLanguage } from '@/platform/storage';
import * as openPageModule from '@/platform/open-page';
import { useSession } from '@/stores/session';
import { badgeText, myOrderUrl } from './orderShortcuts';
import { UserCentre } from './UserCentre';

// The server's dictionaries: only zh-Hans is compiled into the app.
jest.mock('@/api/i18n', () => ({ fetchLanguagePack: jest.fn() }));
const fetchPack = fetchLanguagePack as jest.Mock;

const testUtils = new TestUtils();

beforeEach(() => {
  fetchPack.mockReset();
  fetchPack.mockImplementation(async (language: Parameters<typeof packOf>[0]) => ({
    code: 200,
    msg: 'success',
    data: packOf(language),
  }));
});

afterEach(() => {
  testUtils.unmout();
  setLanguage('zh-Hans');
  useSession.setState({ status: 'loggedOut', userInfo: undefined });
});

function byText(text: string): Element | undefined {
  return Array.from(document.querySelectorAll('[role="button"], [role="radio"]')).find(
    (element) => element.textContent?.trim() === text,
  );
}

describe('UserCentre', () => {
  it('offers login, and no logout, to a visitor', async () => {
    await testUtils.mount(() => <UserCentre route="pages/user/user" params={{}} />);
    expect(document.body.textContent).toContain('登录/注册');
    expect(document.querySelector('.user-centre__logout')).toBeNull();
  });

  it('draws each order shortcut with its own icon, a picture rather than an empty box', async () => {
    await testUtils.mount(() => <UserCentre route="pages/user/user" params={{}} />);
    const shortcuts = Array.from(document.querySelectorAll('.user-centre__shortcut'));
    const icons = shortcuts.map((shortcut) => shortcut.querySelector('img')?.getAttribute('src'));
    expect(icons).toEqual([
      'src/assets/icons/order-unpaid.png',
      'src/assets/icons/order-review.png',
      'src/assets/icons/order-ship.png',
      'src/assets/icons/order-receive.png',
      'src/assets/icons/order-renting.png',
    ]);
    for (const icon of icons) {
      // A PNG that was drawn (its signature), not a missing or empty file.
      expect(
        fs
          .readFileSync(icon as string)
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
  });

  it('shows a logged-in user by masked mobile, once when the nickname is that mask', async () => {
    useSession.setState({
      status: 'loggedIn',
      userInfo: { mobile: '13800138000', nickname: '138****8000', avatar: '' },
    });
    await testUtils.mount(() => <UserCentre route="pages/user/user" params={{}} />);
    expect(document.querySelector('.user-centre__name')?.textContent).toBe('138****8000');
    expect(document.querySelector('.user-centre__mobile')).toBeNull();
    expect(document.querySelector('.user-centre__logout')?.textContent).toBe('退出登录');
  });

  it('switches the language from the list of five, and keeps the choice', async () => {
    await testUtils.mount(() => <UserCentre route="pages/user/user" params={{}} />);
    testUtils.fireEvent.click(byText('语言设置简体中文') as Element);
    await testUtils.queries.waitForQuerySelector('[role="radio"]');
    expect(document.querySelectorAll('[role="radio"]')).toHaveLength(5);
    testUtils.fireEvent.click(byText('English') as Element);
    await testUtils.queries.waitForQueryByText('Log in / Sign up');
    expect(fetchPack).toHaveBeenCalledWith('en', undefined, true);
    expect(storedLanguage()).toBe('en');
    expect(document.querySelector('[role="radio"]')).toBeNull();
  });

  it('keeps the current language when the chosen one cannot be fetched, and says so', async () => {
    fetchPack.mockResolvedValue({ code: 5, msg: '', data: null });
    await testUtils.mount(() => <UserCentre route="pages/user/user" params={{}} />);
    testUtils.fireEvent.click(byText('语言设置简体中文') as Element);
    await testUtils.queries.waitForQuerySelector('[role="radio"]');
    testUtils.fireEvent.click(byText('Français') as Element);
    await testUtils.queries.waitForQueryByText('Français加载失败，请稍后再试');
    expect(document.body.textContent).toContain('登录/注册');
    expect(storedLanguage()).toBeUndefined();
  });
});

describe('待还账单', () => {
  it('lands on the orders that owe, whatever their state, not on 租用中', async () => {
    const opened = jest.spyOn(openPageModule, 'openPage').mockResolvedValue(true);
    useSession.setState({
      status: 'loggedIn',
      userInfo: { mobile: '13800138000', nickname: '', avatar: '' },
    });
    await testUtils.mount(() => <UserCentre route="pages/user/user" params={{}} />);
    const row = Array.from(document.querySelectorAll('[role="button"]')).find((element) =>
      element.textContent?.includes('待还账单'),
    ) as Element;
    testUtils.fireEvent.click(row);
    expect(opened).toHaveBeenCalledWith('/pages/myOrder/myOrder?tab=owing');
    opened.mockRestore();
  });
});

describe('order shortcuts', () => {
  it('links each to its My orders tab and caps the badge', () => {
    expect(myOrderUrl('unpaid')).toBe('/pages/myOrder/myOrder?tab=unpaid');
    expect(badgeText(0)).toBe('');
    expect(badgeText(undefined)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});
