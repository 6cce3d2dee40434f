import TestUtils from '@tarojs/test-utils-react';
import type { OrderDetail } from '@/api/checkout';
import { fetchPlacedOrder } from '@/api/checkout';
import { getDictionary } from '@/api/reference-data';
import { fetchVerificationStatus } from '@/api/kyc';
import { ContactStep } from './ContactStep';
import { eventually } from '../../../test/eventually';

jest.mock('@/api/checkout', () => ({
  ...jest.requireActual('@/api/checkout'),
  fetchPlacedOrder: jest.fn(),
}));
jest.mock('@/api/kyc', () => ({
  ...jest.requireActual('@/api/kyc'),
  fetchVerificationStatus: jest.fn(),
}));
jest.mock('@/api/reference-data', () => ({
  ...jest.requireActual('@/api/reference-data'),
  getDictionary: jest.fn(),
}));

const testUtils = new TestUtils();
const dictionaryMock = getDictionary as jest.Mock;
const text = () => document.body.textContent ?? '';
const RELATIONS = { code: 200, msg: '', data: [{ label: '父母' }, { label: '配偶' }] };

/** A reply the test hands over when it wants. */
function held<T>(): { promise: Promise<T>; give: (value: T) => void } {
  let give: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (give = resolve));
  return { promise, give };
}

const mountStep = () =>
  testUtils.mount(() => (
    <ContactStep route="/pages/emergencyContact/emergencyContact" params={{ orderId: '7' }} />
  ));

beforeEach(() => {
  jest.clearAllMocks();
  dictionaryMock.mockReset();
  (fetchPlacedOrder as jest.Mock).mockResolvedValue({
    code: 200,
    msg: '',
    data: { id: 7, status: 'PENDING_VERIFY', depositMethod: 'paid', actions: ['cancel'] },
  } as { code: number; msg: string; data: Partial<OrderDetail> });
  (fetchVerificationStatus as jest.Mock).mockResolvedValue({
    code: 200,
    msg: '',
    data: {
      status: {
        realName: true,
        face: true,
        credit: true,
        emergencyContact: false,
        bankCard: false,
      },
      identity: null,
    },
  });
});

afterEach(() => {
  testUtils.unmout();
});

describe('ContactStep', () => {
  it('draws the form with its relations at once, not the relations after it', async () => {
    const relations = held<typeof RELATIONS>();
    dictionaryMock.mockReturnValue(relations.promise);
    await mountStep();
    // Asked for beside the step's own data, not once the form is up.
    await eventually(() => expect(dictionaryMock).toHaveBeenCalledWith('contact_relation'));
    await eventually(() => expect(fetchVerificationStatus).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.verify-card')).toBeNull();
    expect(document.querySelector('.skeleton')).not.toBeNull();

    relations.give(RELATIONS);
    await eventually(() => expect(document.querySelector('.verify-card')).not.toBeNull());
    expect(document.querySelectorAll('.verify-chip')).toHaveLength(2);
    expect(text()).toContain('保存并继续');
  });

  it('still draws the form when the relations fail, with a retry that brings them and keeps what was typed', async () => {
    dictionaryMock.mockResolvedValueOnce({ code: 500, msg: '网络错误', data: null });
    await mountStep();
    await eventually(() => expect(document.querySelector('.verify-card')).not.toBeNull());
    expect(document.querySelectorAll('.verify-chip')).toHaveLength(0);
    // Taro's input draws its <input> a moment after the form.
    await testUtils.queries.waitForQuerySelector('input[name="contactName"]');
    const name = () => document.querySelector('input[name="contactName"]') as HTMLInputElement;
    name().value = '李四';
    testUtils.fireEvent.input(name());

    const retried = held<typeof RELATIONS>();
    dictionaryMock.mockReturnValueOnce(retried.promise);
    const retry = Array.from(document.querySelectorAll('.verify-card [role="button"]')).find((el) =>
      el.textContent?.includes('重试'),
    );
    if (!retry) throw new Error(`no retry in: ${text()}`);
    testUtils.fireEvent.click(retry);
    // While the retry runs the form stays, with the name in it.
    await eventually(() => expect(dictionaryMock).toHaveBeenCalledTimes(2));
    expect(document.querySelector('.verify-card')).not.toBeNull();
    retried.give(RELATIONS);
    await eventually(() => expect(document.querySelectorAll('.verify-chip')).toHaveLength(2));
    expect(name().value).toBe('李四');
  });
});
