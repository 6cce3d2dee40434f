/**
 * Editing an address: the form opens filled in with it; an address not in the user's list is the
 * error state (its default text), and a failed read says the server's message, with a retry.
 */
import TestUtils from '@tarojs/test-utils-react';

const mockAddresses = jest.fn();
jest.mock('../../api/address', () => ({
  fetchAddresses: () => Promise.resolve(mockAddresses()),
  createAddress: jest.fn(),
  updateAddress: jest.fn(),
}));
jest.mock('../../stores/require-login', () => ({ useRequireLogin: () => true }));

import { AddressForm } from './AddressForm';

const testUtils = new TestUtils();
afterEach(() => {
  testUtils.unmout();
  mockAddresses.mockReset();
});

const ADDRESS = {
  id: 3,
  name: '张三',
  mobile: '13800000000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路 1 号',
  isDefault: false,
};
const mount = (id: string) =>
  testUtils.mount(() => <AddressForm route="pages/addressEdit/addressEdit" params={{ id }} />);
const input = (name: string) =>
  document.querySelector(`input[name="${name}"]`) as HTMLInputElement | null;

describe('AddressForm', () => {
  it('opens filled in with the address being edited', async () => {
    mockAddresses.mockReturnValue({ code: 200, msg: 'ok', data: [ADDRESS] });
    await mount('3');
    await testUtils.queries.waitForQuerySelector('input[name="name"]');
    expect(input('name')?.value).toBe('张三');
    expect(document.body.textContent).toContain('浙江省 杭州市 西湖区');
  });

  it("says the server's message with a retry, and an address not in the list with the default", async () => {
    mockAddresses.mockReturnValueOnce({ code: 500, msg: '网络异常', data: null });
    mockAddresses.mockReturnValue({ code: 200, msg: 'ok', data: [ADDRESS] });
    await mount('4');
    await testUtils.queries.waitForQuerySelector('.state--error');
    expect(document.querySelector('.state__title')?.textContent).toBe('网络异常');
    testUtils.fireEvent.click(
      document.querySelector('.state--error [role="button"]') as HTMLElement,
    );
    await testUtils.queries.waitForQuerySelector('.state--error');
    expect(mockAddresses).toHaveBeenCalledTimes(2);
    expect(document.querySelector('.state__title')?.textContent).toBe('加载失败');
  });
});
