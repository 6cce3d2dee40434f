import TestUtils from '@tarojs/test-utils-react';
import { useState } from 'react';
import { FormField, SubmitButton, TextField } from './index';
import { SwitchField } from './switch-field';

const testUtils = new TestUtils();

afterEach(() => {
  testUtils.unmout();
});

/** Polls until the condition holds (the DOM updates after the promise settles). */
async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !condition(); tries += 1) {
    await new Promise((done) => setTimeout(done, 10));
  }
  expect(condition()).toBe(true);
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('FormField', () => {
  it('shows the error inline, and the hint only when there is no error', async () => {
    await testUtils.mount(() => (
      <FormField label="手机号" error="请输入正确的手机号" hint="11 位">
        <span />
      </FormField>
    ));
    expect(document.querySelector('.form-field__error')?.textContent).toBe('请输入正确的手机号');
    expect(document.querySelector('.form-field__hint')).toBeNull();
    expect(document.querySelector('.form-field--invalid')).not.toBeNull();
  });
});

describe('TextField', () => {
  it('reports what is typed and validates on blur, keeping the value', async () => {
    function Form() {
      const [mobile, setMobile] = useState('');
      const [error, setError] = useState('');
      return (
        <TextField
          label="手机号"
          name="mobile"
          value={mobile}
          error={error}
          onChange={setMobile}
          onBlur={(value) => setError(value.length === 11 ? '' : '手机号格式不正确')}
        />
      );
    }
    await testUtils.mount(Form);
    const input = document.querySelector('input') as HTMLInputElement;
    input.value = '138';
    testUtils.fireEvent.input(input);
    testUtils.fireEvent.blur(input);
    await testUtils.queries.waitForQuerySelector('.form-field__error');
    expect(document.querySelector('.form-field__error')?.textContent).toBe('手机号格式不正确');
    expect((document.querySelector('input') as HTMLInputElement).value).toBe('138');
  });
});

describe('SubmitButton', () => {
  it('is disabled while the submit runs, ignores taps meanwhile, and comes back after', async () => {
    const gate = deferred();
    const onSubmit = jest.fn(() => gate.promise);
    await testUtils.mount(() => <SubmitButton onSubmit={onSubmit}>登录</SubmitButton>);
    const button = () => document.querySelector('.form-submit') as HTMLElement;
    testUtils.fireEvent.click(button());
    await testUtils.queries.waitForQuerySelector('.form-submit--disabled');
    testUtils.fireEvent.click(button());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    gate.resolve();
    await until(() => document.querySelector('.form-submit--disabled') === null);
    testUtils.fireEvent.click(button());
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('becomes usable again when the submit fails', async () => {
    const onSubmit = jest.fn(() => Promise.reject(new Error('offline')));
    await testUtils.mount(() => <SubmitButton onSubmit={onSubmit}>保存</SubmitButton>);
    const button = () => document.querySelector('.form-submit') as HTMLElement;
    testUtils.fireEvent.click(button());
    await until(() => document.querySelector('.form-submit--disabled') === null);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('stays disabled while the form says so', async () => {
    const onSubmit = jest.fn(() => Promise.resolve());
    await testUtils.mount(() => (
      <SubmitButton onSubmit={onSubmit} disabled>
        保存
      </SubmitButton>
    ));
    testUtils.fireEvent.click(document.querySelector('.form-submit') as HTMLElement);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('SwitchField', () => {
  it('names its checkbox with the label and reports the new state', async () => {
    const onChange = jest.fn();
    await testUtils.mount(() => (
      <SwitchField label="设为默认地址" checked={false} onChange={onChange} />
    ));
    const box = await testUtils.queries.waitForQuerySelector('input[type="checkbox"]');
    expect(box.getAttribute('aria-label')).toBe('设为默认地址');
    (box as HTMLInputElement).checked = true;
    testUtils.fireEvent.change(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
