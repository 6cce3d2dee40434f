import TestUtils from '@tarojs/test-utils-react';
import { View } from '@tarojs/components';
import { useState } from 'react';
import { FIRST_SLICE, SLICE, useRevealedCount } from './useRevealedCount';

const testUtils = new TestUtils();

let setCount: (count: number) => void = () => undefined;
const drawn: number[] = [];

function Harness({ initial }: { initial: number }) {
  const [count, set] = useState(initial);
  setCount = set;
  const shown = useRevealedCount(count);
  drawn.push(shown);
  return <View className="shown">{shown}</View>;
}

const shownNow = () => Number(document.querySelector('.shown')?.textContent);

/** One macrotask turn, with what it set rendered (act renders at its end). */
async function nextTask() {
  await testUtils.act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

// Set through Object.assign: in a .tsx test the transformer inlines `process.env.TARO_ENV`.
const taroEnv = process.env['TARO_ENV'];
const buildFor = (target: string | undefined) => Object.assign(process.env, { TARO_ENV: target });

afterEach(() => {
  testUtils.unmout();
  drawn.length = 0;
  buildFor(taroEnv);
});

describe('useRevealedCount', () => {
  it('on H5 draws the first slice at once and one more slice per task up to the count', async () => {
    buildFor('h5');
    await testUtils.mount(() => <Harness initial={7} />);
    for (let i = 0; i < 6; i += 1) await nextTask();
    expect(shownNow()).toBe(7);
    // Every render's count, repeats removed: a slice at a time, never all at once.
    const steps = drawn.filter((shown, index) => shown !== drawn[index - 1]);
    expect(steps).toEqual([FIRST_SLICE, FIRST_SLICE + SLICE, FIRST_SLICE + 2 * SLICE, 7]);
  });

  it('starts again from the first slice when the list is emptied and refilled', async () => {
    buildFor('h5');
    await testUtils.mount(() => <Harness initial={4} />);
    for (let i = 0; i < 3; i += 1) await nextTask();
    expect(shownNow()).toBe(4);
    await testUtils.act(async () => setCount(0));
    await nextTask();
    expect(shownNow()).toBe(0);
    drawn.length = 0;
    await testUtils.act(async () => setCount(6));
    expect(drawn[0]).toBe(FIRST_SLICE);
  });

  it('in the mini-programs draws every item in the first render (each render is a setData)', async () => {
    buildFor('weapp');
    await testUtils.mount(() => <Harness initial={9} />);
    expect(drawn[0]).toBe(9);
    await nextTask();
    expect(shownNow()).toBe(9);
  });
});
