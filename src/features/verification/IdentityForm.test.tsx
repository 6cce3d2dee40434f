import TestUtils from '@tarojs/test-utils-react';
import { isRealName } from './real-name';
import { IdentityForm } from './RealNameStep';

const testUtils = new TestUtils();

afterEach(() => {
  testUtils.unmout();
});

function type(name: string, value: string) {
  const input = document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  input.value = value;
  testUtils.fireEvent.input(input);
  testUtils.fireEvent.blur(input);
}

describe('IdentityForm manual entry', () => {
  it('opens the typed fields, shows each error under its field and keeps what was typed', async () => {
    const onSaved = jest.fn(() => Promise.resolve());
    await testUtils.mount(() => <IdentityForm onSaved={onSaved} />);
    // Nothing to confirm before a photo or the typed fields.
    expect(document.querySelector('.form-submit--disabled')).not.toBeNull();
    testUtils.fireEvent.click(document.querySelector('.verify-link') as HTMLElement);
    await testUtils.queries.waitForQuerySelector('input[name="idNo"]');
    type('realName', 'Zhang San');
    type('idNo', '110101199001018889');
    await testUtils.queries.waitForQuerySelector('.form-field__error');
    const errors = [...document.querySelectorAll('.form-field__error')].map((e) => e.textContent);
    expect(errors).toEqual(['请输入2-20个汉字的真实姓名', '身份证号格式不正确']);
    expect((document.querySelector('input[name="idNo"]') as HTMLInputElement).value).toBe(
      '110101199001018889',
    );
    // The button is usable, but an invalid form sends nothing.
    testUtils.fireEvent.click(document.querySelector('.form-submit') as HTMLElement);
    await new Promise((done) => setTimeout(done, 20));
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('isRealName', () => {
  it('takes 2–20 CJK characters with an inner middle dot', () => {
    expect(isRealName('王小明')).toBe(true);
    expect(isRealName('阿依古丽·买买提')).toBe(true);
    expect(isRealName('王')).toBe(false);
    expect(isRealName('·王小明')).toBe(false);
    expect(isRealName('Wang')).toBe(false);
  });
});
