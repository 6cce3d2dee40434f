import TestUtils from '@tarojs/test-utils-react';
import { act, useState } from 'react';
import { resetCountdown, startCountdown, useCountdown } from './countdown';
import { SmsLoginForm } from './SmsLoginForm';

const testUtils = new TestUtils();

afterEach(() => {
  testUtils.unmout();
  resetCountdown();
  jest.useRealTimers();
});

function type(name: string, value: string) {
  const input = document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  input.value = value;
  testUtils.fireEvent.input(input);
  testUtils.fireEvent.blur(input);
}

function texts(selector: string): string[] {
  return Array.from(document.querySelectorAll(selector)).map((el) => el.textContent ?? '');
}

describe('SmsLoginForm', () => {
  it('shows each problem under its field on submit, sends nothing, and keeps what was typed', async () => {
    const onLoggedIn = jest.fn();
    await testUtils.mount(() => <SmsLoginForm onLoggedIn={onLoggedIn} />);
    type('mobile', '1380013');
    type('code', '12a');
    testUtils.fireEvent.click(document.querySelector('.form-submit') as Element);
    await testUtils.queries.waitForQuerySelector('.sms-login__agree-error');
    expect(texts('.form-field__error')).toEqual(['请输入正确的手机号', '请输入6位数字验证码']);
    expect(texts('.sms-login__agree-error')).toEqual(['请先阅读并同意注册协议和隐私政策']);
    expect((document.querySelector('input[name="mobile"]') as HTMLInputElement).value).toBe(
      '1380013',
    );
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('refuses to send a code to an invalid number', async () => {
    await testUtils.mount(() => <SmsLoginForm onLoggedIn={() => undefined} />);
    type('mobile', '23800138000');
    testUtils.fireEvent.click(document.querySelector('.sms-login__send') as Element);
    await testUtils.queries.waitForQuerySelector('.form-field__error');
    expect(texts('.form-field__error')).toEqual(['请输入正确的手机号']);
    expect(texts('.sms-login__send')).toEqual(['获取验证码']);
  });

  it('ticks the agreement on tap', async () => {
    await testUtils.mount(() => <SmsLoginForm onLoggedIn={() => undefined} />);
    const box = document.querySelector('[role="checkbox"]') as Element;
    expect(box.getAttribute('aria-checked')).toBe('false');
    testUtils.fireEvent.click(box);
    await testUtils.queries.waitForQuerySelector('[role="checkbox"][aria-checked="true"]');
  });

  it('ticks the agreement when its words 我已阅读并同意 are tapped, and not when a link is', async () => {
    await testUtils.mount(() => <SmsLoginForm onLoggedIn={() => undefined} />);
    const words = Array.from(document.querySelectorAll('.sms-login__agreement *')).find((el) =>
      Array.from(el.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes('我已阅读并同意'),
      ),
    ) as Element;
    testUtils.fireEvent.click(words);
    await testUtils.queries.waitForQuerySelector('[role="checkbox"][aria-checked="true"]');
    testUtils.fireEvent.click(document.querySelector('.sms-login__link') as Element);
    expect(document.querySelector('[role="checkbox"]')?.getAttribute('aria-checked')).toBe('true');
  });
});

describe('send-code countdown', () => {
  // This test drives timers and state through React's own act(), so React must be told it runs
  // under a test's act (Taro's utils say so only inside theirs); it warned on every update before.
  const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let actEnvironment: boolean | undefined;
  beforeEach(() => {
    actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it('counts down once a second and keeps counting when the form mounts again', async () => {
    let seen = -1;
    let setShown: (shown: boolean) => void = () => undefined;
    function Probe() {
      seen = useCountdown();
      return null;
    }
    function Host() {
      const [shown, show] = useState(true);
      setShown = show;
      return shown ? <Probe /> : null;
    }
    await testUtils.mount(Host);
    jest.useFakeTimers();
    expect(seen).toBe(0);
    act(() => startCountdown(60));
    expect(seen).toBe(60);
    act(() => {
      jest.advanceTimersByTime(3000);
    });
    expect(seen).toBe(57);
    // Leaving and coming back (or retyping the number) does not restart it.
    act(() => setShown(false));
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    act(() => setShown(true));
    expect(seen).toBe(55);
    act(() => {
      jest.advanceTimersByTime(55000);
    });
    expect(seen).toBe(0);
  });
});
