/**
 * The customer-service tab: the question types (a failure says so, with a retry), the first type's
 * questions, and another type's on a tap; a slow answer for a type the user has left is not shown
 * under the one chosen now.
 */
import TestUtils from '@tarojs/test-utils-react';
import { eventually } from '../../../test/eventually';

const mockTypes = jest.fn();
const mockQuestions = jest.fn();
jest.mock('../../api/service', () => ({
  fetchQuestionTypes: () => Promise.resolve(mockTypes()),
  fetchQuestions: (typeId: number) => mockQuestions(typeId),
  fetchServicePhone: () =>
    Promise.resolve({
      code: 200,
      msg: 'ok',
      data: { phone: '400-000-0000', workTime: '9:00-18:00' },
    }),
  fetchOnlineChat: () => Promise.resolve({ code: 404, msg: '', data: null }),
}));

import { CustomerService } from './CustomerService';

const testUtils = new TestUtils();
afterEach(() => {
  testUtils.unmout();
  mockTypes.mockReset();
  mockQuestions.mockReset();
});

const TYPES = [
  { id: 1, name: '租赁问题' },
  { id: 2, name: '售后问题' },
];
const question = (id: number, typeId: number, text: string) => ({
  id,
  typeId,
  question: text,
  answer: `${text}的答案`,
});
const ok = <T,>(data: T) => ({ code: 200, msg: 'ok', data });
const text = () => document.body.textContent ?? '';

describe('CustomerService', () => {
  it('says the types failed, and on retry shows them with the first type’s questions', async () => {
    mockTypes.mockReturnValueOnce({ code: 500, msg: '网络异常', data: null });
    mockTypes.mockReturnValue(ok(TYPES));
    mockQuestions.mockImplementation((typeId: number) =>
      Promise.resolve(ok([question(typeId * 10, typeId, `问题${typeId}`)])),
    );
    await testUtils.mount(() => <CustomerService />);
    await testUtils.queries.waitForQuerySelector('.service-state--error');
    expect(text()).toContain('网络异常');
    testUtils.fireEvent.click(document.querySelector('.service-state--error') as HTMLElement);
    await eventually(() => expect(text()).toContain('问题1'));
    expect(mockQuestions).toHaveBeenCalledWith(1);
    expect(document.querySelectorAll('[role="tab"]')).toHaveLength(2);
  });

  it('shows the chosen type’s questions, not a slower answer for the type it left', async () => {
    mockTypes.mockReturnValue(ok(TYPES));
    let answerFirst: (value: unknown) => void = () => undefined;
    mockQuestions.mockImplementation((typeId: number) =>
      typeId === 1
        ? new Promise((resolve) => (answerFirst = resolve))
        : Promise.resolve(ok([question(20, 2, '问题2')])),
    );
    await testUtils.mount(() => <CustomerService />);
    await eventually(() => expect(mockQuestions).toHaveBeenCalledWith(1));
    const tabs = document.querySelectorAll('[role="tab"]');
    testUtils.fireEvent.click(tabs[1] as HTMLElement);
    await eventually(() => expect(text()).toContain('问题2'));
    answerFirst(ok([question(10, 1, '问题1')]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(text()).toContain('问题2');
    expect(text()).not.toContain('问题1');
  });
});
