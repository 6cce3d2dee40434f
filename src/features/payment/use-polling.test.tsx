import TestUtils from '@tarojs/test-utils-react';
import { Text, View } from '@tarojs/components';
import { usePolling } from './use-polling';

const testUtils = new TestUtils();

afterEach(() => {
  testUtils.unmout();
});

/** Shows the poll's state and offers the restart, as the waiting screen does. */
function Probe({ check, timeoutMs }: { check: () => Promise<boolean>; timeoutMs: number }) {
  const { state, restart } = usePolling(check, { intervalMs: 5, timeoutMs });
  return (
    <View className="probe" onClick={restart}>
      <Text>{state}</Text>
    </View>
  );
}

const shown = () => document.querySelector('.probe')?.textContent;

/** Waits (real time, short intervals) until the probe shows `state`. */
async function until(state: string) {
  for (let i = 0; i < 400 && shown() !== state; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(shown()).toBe(state);
}

describe('usePolling', () => {
  it('keeps asking through failures and "not yet" until the server says done, then stops', async () => {
    const answers: (boolean | Error)[] = [false, new Error('offline'), false, true];
    let asked = 0;
    const check = () => {
      const answer = answers[asked++] ?? true;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    };
    await testUtils.mount(() => <Probe check={check} timeoutMs={60_000} />);
    await until('done');
    expect(asked).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(4);
  });

  it('stops at the timeout and starts a fresh round on restart', async () => {
    let ready = false;
    let asked = 0;
    const check = () => {
      asked += 1;
      return Promise.resolve(ready);
    };
    await testUtils.mount(() => <Probe check={check} timeoutMs={60} />);
    await until('timeout');
    const askedAtTimeout = asked;
    expect(askedAtTimeout).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(askedAtTimeout);
    ready = true;
    (document.querySelector('.probe') as HTMLElement).click();
    await until('done');
  });
});
