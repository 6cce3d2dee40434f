import TestUtils from '@tarojs/test-utils-react';
import { QuestionList } from './QuestionList';

const testUtils = new TestUtils();
afterEach(() => testUtils.unmout());

const questions = [
  { id: 1, typeId: 1, question: '怎么租一台设备？', answer: '选择商品和租期方案后提交订单。' },
  { id: 2, typeId: 1, question: '可以续租吗？', answer: '租期结束前 7 天可申请续租。' },
];

function questionButton(text: string): Element {
  const button = Array.from(document.querySelectorAll('[role="button"]')).find((el) =>
    el.textContent?.includes(text),
  );
  if (!button) throw new Error(`no question ${text}`);
  return button;
}

test('a question opens to show its answer, and one at a time', async () => {
  await testUtils.mount(() => <QuestionList questions={questions} />);
  expect(document.body.textContent).not.toContain('选择商品和租期方案');

  testUtils.fireEvent.click(questionButton('怎么租一台设备？'));
  await testUtils.act(async () => undefined);
  expect(document.body.textContent).toContain('选择商品和租期方案后提交订单。');
  expect(questionButton('怎么租一台设备？').getAttribute('aria-expanded')).toBe('true');

  testUtils.fireEvent.click(questionButton('可以续租吗？'));
  await testUtils.act(async () => undefined);
  expect(document.body.textContent).toContain('租期结束前 7 天可申请续租。');
  expect(document.body.textContent).not.toContain('选择商品和租期方案');

  // Tapping the open one closes it.
  testUtils.fireEvent.click(questionButton('可以续租吗？'));
  await testUtils.act(async () => undefined);
  expect(document.body.textContent).not.toContain('租期结束前 7 天');
});
