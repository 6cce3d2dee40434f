import TestUtils from '@tarojs/test-utils-react';

const mockStart = jest.fn();
const mockVerify = jest.fn();
const mockComplete = jest.fn();
jest.mock('../../api/bankcard', () => ({
  ...jest.requireActual('../../api/bankcard'),
  startBindCard: (...args: unknown[]) => mockStart(...args),
  verifyBindCode: (...args: unknown[]) => mockVerify(...args),
  completeBindCard: (...args: unknown[]) => mockComplete(...args),
}));

import { BindCardForm, groupCardNumber } from './BindCardStep';
import { DRAFT_MINUTES, readBindCardDraft } from './bindCardDraft';

const testUtils = new TestUtils();

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  mockStart.mockResolvedValue({ code: 200, msg: 'ok', data: { bindId: 'BIND-1' } });
  mockVerify.mockResolvedValue({ code: 200, msg: 'ok', data: { verified: true } });
  mockComplete.mockResolvedValue({
    code: 200,
    msg: 'ok',
    data: { bankName: '中国工商银行', cardTypeName: '储蓄卡', cardNoMasked: '622202******3445' },
  });
});

afterEach(() => {
  testUtils.unmout();
  mockStart.mockReset();
  mockVerify.mockReset();
  mockComplete.mockReset();
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

const field = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const sendButton = () => document.querySelector('.verify-send') as HTMLElement;
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((done) => setTimeout(done, 10));
}
const CARD = '6222020200112233445';

describe('BindCardForm while a code is on its way', () => {
  it('keeps the card and mobile editable; an edit asks for a new code at once', async () => {
    await testUtils.mount(() => <BindCardForm onBound={() => Promise.resolve()} />);
    type(field('cardNo'), CARD);
    type(field('reservedMobile'), '13800138000');
    testUtils.fireEvent.click(sendButton());
    await until(() => sendButton().textContent?.includes('秒后重发') === true);
    expect(mockStart).toHaveBeenCalledWith(CARD, '13800138000');
    expect(field('cardNo').disabled).toBe(false);
    expect(field('reservedMobile').disabled).toBe(false);
    expect(document.querySelector('.form-submit--disabled')).toBeNull();

    // A typo in the card is fixed during the countdown: that code was for the other number.
    type(field('cardNo'), '6222020200112233446');
    await until(() => sendButton().textContent === '获取验证码');
    expect(sendButton().getAttribute('aria-disabled')).toBe('false');
    expect(document.body.textContent).toContain('卡号或手机号已修改，请重新获取验证码');
    expect(document.querySelector('.form-submit--disabled')).not.toBeNull();
    mockStart.mockResolvedValue({ code: 200, msg: 'ok', data: { bindId: 'BIND-2' } });
    testUtils.fireEvent.click(sendButton());
    await until(() => mockStart.mock.calls.length === 2);
    expect(mockStart).toHaveBeenLastCalledWith('6222020200112233446', '13800138000');
  });
});

describe('BindCardForm across a reload', () => {
  it('keeps what was typed in session storage only, and forgets it once the card is bound', async () => {
    await testUtils.mount(() => <BindCardForm onBound={() => Promise.resolve()} />);
    type(field('cardNo'), CARD);
    type(field('reservedMobile'), '13800138000');
    testUtils.fireEvent.click(sendButton());
    await until(() => mockStart.mock.calls.length === 1);
    await until(() => readBindCardDraft(Date.now())?.sent?.bindId === 'BIND-1');
    testUtils.unmout();

    // The page again, as after a reload: the number, the mobile and the code's countdown.
    await testUtils.mount(() => <BindCardForm onBound={() => Promise.resolve()} />);
    await until(() => field('cardNo')?.value === CARD);
    expect(field('cardNo').value).toBe(CARD);
    expect(field('reservedMobile').value).toBe('13800138000');
    expect(sendButton().textContent).toMatch(/秒后重发/);
    // Never in the lasting storage.
    expect(JSON.stringify({ ...localStorage })).not.toContain('0200112233445');
    expect(JSON.stringify({ ...sessionStorage })).toContain(CARD);

    type(field('bindCode'), '123456');
    testUtils.fireEvent.click(document.querySelector('.form-submit') as HTMLElement);
    await until(() => mockComplete.mock.calls.length === 1);
    expect(mockVerify).toHaveBeenCalledWith('BIND-1', '123456');
    await until(() => sessionStorage.length === 0);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('0200112233445');
  });

  it('does not bring back a draft older than it should be kept', () => {
    const then = Date.now() - (DRAFT_MINUTES + 1) * 60_000;
    sessionStorage.setItem(
      'bindCardDraft',
      JSON.stringify({ cardNo: CARD, mobile: '13800138000', savedAt: then }),
    );
    expect(readBindCardDraft(Date.now())).toBeUndefined();
    expect(sessionStorage.getItem('bindCardDraft')).toBeNull();
  });
});

describe('groupCardNumber', () => {
  it('keeps digits only, at most 19, in groups of four', () => {
    expect(groupCardNumber('6222-0202 00x11')).toBe('6222 0202 0011');
    expect(groupCardNumber('62220202001122334455667')).toBe('6222 0202 0011 2233 445');
  });
});
