import TestUtils from '@tarojs/test-utils-react';
import { BindCardForm, groupCardNumber } from './BindCardStep';

const testUtils = new TestUtils();

afterEach(() => {
  testUtils.unmout();
});

function type(input: HTMLInputElement, value: string) {
  input.value = value;
  testUtils.fireEvent.input(input);
}

describe('BindCardForm', () => {
  it('shows the issuer and card type as the number is typed', async () => {
    await testUtils.mount(() => <BindCardForm onBound={() => Promise.resolve()} />);
    const card = () => document.querySelector('input[name="cardNo"]') as HTMLInputElement;
    const issuer = () => document.querySelector('.verify-issuer__text')?.textContent;
    expect(issuer()).toBe('输入卡号后自动识别发卡行');
    type(card(), '622202');
    await testUtils.queries.waitForQuerySelector('.verify-issuer__text');
    expect(issuer()).toBe('正在识别发卡行...');
    type(card(), '6222020200112233445');
    for (let i = 0; i < 50 && issuer() !== '中国工商银行 · 储蓄卡'; i += 1) {
      await new Promise((done) => setTimeout(done, 10));
    }
    expect(issuer()).toBe('中国工商银行 · 储蓄卡');
  });

  it('keeps the number as typed in the field and shows it in groups of four once left', async () => {
    await testUtils.mount(() => <BindCardForm onBound={() => Promise.resolve()} />);
    const card = () => document.querySelector('input[name="cardNo"]') as HTMLInputElement;
    const settled = async (expected: string) => {
      for (let i = 0; i < 50 && card().value !== expected; i += 1) {
        await new Promise((done) => setTimeout(done, 10));
      }
      return card().value;
    };
    type(card(), '62220202001122');
    // Nothing rewrites the field while the user is typing in it.
    await new Promise((done) => setTimeout(done, 50));
    expect(card().value).toBe('62220202001122');
    testUtils.fireEvent.blur(card());
    expect(await settled('6222 0202 0011 22')).toBe('6222 0202 0011 22');
    // Typing on after the groups: added as typed, grouped again once left.
    type(card(), '6222 0202 0011 2233445');
    testUtils.fireEvent.blur(card());
    expect(await settled('6222 0202 0011 2233 445')).toBe('6222 0202 0011 2233 445');
    expect(document.querySelector('.verify-issuer__text')?.textContent).toBe(
      '中国工商银行 · 储蓄卡',
    );
  });

  it('refuses to send a code for an unknown card or a bad mobile, keeping what was typed', async () => {
    await testUtils.mount(() => <BindCardForm onBound={() => Promise.resolve()} />);
    const card = document.querySelector('input[name="cardNo"]') as HTMLInputElement;
    const mobile = document.querySelector('input[name="reservedMobile"]') as HTMLInputElement;
    type(card, '1234567890123');
    type(mobile, '1380013');
    testUtils.fireEvent.click(document.querySelector('.verify-send') as HTMLElement);
    await testUtils.queries.waitForQuerySelector('.form-field__error');
    const errors = [...document.querySelectorAll('.form-field__error')].map((e) => e.textContent);
    expect(errors).toEqual(['无法识别该卡号，请检查', '请输入正确的手机号']);
    expect((document.querySelector('input[name="reservedMobile"]') as HTMLInputElement).value).toBe(
      '1380013',
    );
    // No code was asked for: binding stays disabled.
    expect(document.querySelector('.form-submit--disabled')).not.toBeNull();
  });
});

describe('groupCardNumber', () => {
  it('keeps digits only, at most 19, in groups of four', () => {
    expect(groupCardNumber('6222-0202 00x11')).toBe('6222 0202 0011');
    expect(groupCardNumber('62220202001122334455667')).toBe('6222 0202 0011 2233 445');
  });
});
