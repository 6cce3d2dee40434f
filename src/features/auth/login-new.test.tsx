import TestUtils from '@tarojs/test-utils-react';
import { useBrandStore } from '../../stores/brand';
import { LoginNew } from './LoginNew';

// The mini-programs' host login (tests run as H5, which logs in by SMS only): WeChat's.
jest.mock('../../platform/auth', () => ({
  ...jest.requireActual('../../platform/auth'),
  loginMethod: 'authCode',
  authGrantType: 'wechat',
}));

const testUtils = new TestUtils();

afterEach(() => {
  testUtils.unmout();
  useBrandStore.getState().setBrandId(1);
});

const page = () => <LoginNew route="pages/loginNew/loginNew" params={{}} />;

/** Whether `a` comes before `b` in the page. */
const before = (a: Element, b: Element) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('LoginNew on the mini-programs (where a rejected session sends the user)', () => {
  it("offers the host's one-tap phone-number login first, and SMS login below it", async () => {
    await testUtils.mount(page);
    const mobile = await testUtils.queries.waitForQuerySelector('input[name="mobile"]');
    const [phoneButton] = Array.from(document.querySelectorAll('.form-submit'));
    expect(phoneButton?.textContent).toBe('手机号快捷登录');
    expect(before(phoneButton!, mobile as Element)).toBe(true);
    expect(document.querySelector('.login__divider')?.textContent).toBe('短信验证码登录');
  });

  it('offers SMS login only for a brand whose record has no phone-number login', async () => {
    useBrandStore.getState().setBrandId(5);
    await testUtils.mount(page);
    await testUtils.queries.waitForQuerySelector('input[name="mobile"]');
    expect(document.body.textContent).not.toContain('手机号快捷登录');
  });
});
