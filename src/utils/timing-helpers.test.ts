import { trackAsyncLoad, type AsyncLoadState } from './async-load';
import { createLongPress } from './long-press';
import { throttle } from './throttle';

/** Fake timers: the clock is advanced by hand, so these are exact and never flaky. */
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('throttle', () => {
  test('runs at once, then once per window with the latest arguments', () => {
    const calls: number[] = [];
    const onScroll = throttle((y: number) => calls.push(y), 350);
    onScroll(1);
    onScroll(2);
    onScroll(3);
    expect(calls).toEqual([1]);
    jest.advanceTimersByTime(349);
    expect(calls).toEqual([1]);
    jest.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    jest.advanceTimersByTime(1000);
    onScroll(4);
    expect(calls).toEqual([1, 3, 4]);
  });

  test('cancel drops the pending call', () => {
    const calls: number[] = [];
    const onResize = throttle((w: number) => calls.push(w), 50);
    onResize(1);
    onResize(2);
    onResize.cancel();
    jest.advanceTimersByTime(100);
    expect(calls).toEqual([1]);
  });
});

describe('long press', () => {
  const at = (x: number, y: number) => ({ touches: [{ clientX: x, clientY: y }] });

  test('fires after 350 ms of holding', () => {
    let fired = 0;
    const press = createLongPress(() => (fired += 1));
    press.onTouchStart(at(100, 100));
    jest.advanceTimersByTime(349);
    expect(fired).toBe(0);
    jest.advanceTimersByTime(1);
    expect(fired).toBe(1);
    press.onTouchEnd();
    jest.advanceTimersByTime(1000);
    expect(fired).toBe(1);
  });

  test('small movement is tolerated; more than 10 px cancels', () => {
    let fired = 0;
    const press = createLongPress(() => (fired += 1));
    press.onTouchStart(at(100, 100));
    press.onTouchMove(at(106, 108)); // exactly 10 px away
    jest.advanceTimersByTime(350);
    expect(fired).toBe(1);
    press.onTouchStart(at(100, 100));
    press.onTouchMove(at(108, 107)); // 10.6 px
    jest.advanceTimersByTime(1000);
    expect(fired).toBe(1);
  });

  test('lifting or cancelling the touch early calls it off', () => {
    let fired = 0;
    const press = createLongPress(() => (fired += 1));
    press.onTouchStart(at(0, 0));
    jest.advanceTimersByTime(200);
    press.onTouchEnd();
    press.onTouchStart(at(0, 0));
    press.onTouchCancel();
    jest.advanceTimersByTime(1000);
    expect(fired).toBe(0);
  });
});

describe('async page load', () => {
  const track = (load: () => Promise<string>) => {
    const states: AsyncLoadState<string>['status'][] = [];
    const handle = trackAsyncLoad(load, (state) => states.push(state.status));
    return { states, handle };
  };

  test('a fast load never shows the spinner', async () => {
    const { states } = track(() => Promise.resolve('page'));
    await jest.advanceTimersByTimeAsync(0);
    jest.advanceTimersByTime(60_000);
    expect(states).toEqual(['pending', 'loaded']);
  });

  test('a slow load shows the spinner after 200 ms', async () => {
    let finish: (v: string) => void = () => undefined;
    const { states } = track(() => new Promise<string>((resolve) => (finish = resolve)));
    await jest.advanceTimersByTimeAsync(199);
    expect(states).toEqual(['pending']);
    await jest.advanceTimersByTimeAsync(1);
    expect(states).toEqual(['pending', 'loading']);
    finish('page');
    await jest.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['pending', 'loading', 'loaded']);
  });

  test('a failure asks for a tap to reload, and the reload starts again', async () => {
    let attempt = 0;
    const { states, handle } = track(() =>
      ++attempt === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve('page'),
    );
    await jest.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['pending', 'failed']);
    handle.reload();
    await jest.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['pending', 'failed', 'pending', 'loaded']);
  });

  test('after 60000 ms it reports the timeout, and a late answer is ignored', async () => {
    let finish: (v: string) => void = () => undefined;
    const { states } = track(() => new Promise<string>((resolve) => (finish = resolve)));
    await jest.advanceTimersByTimeAsync(59_999);
    expect(states).toEqual(['pending', 'loading']);
    await jest.advanceTimersByTimeAsync(1);
    expect(states).toEqual(['pending', 'loading', 'timeout']);
    finish('too late');
    await jest.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['pending', 'loading', 'timeout']);
  });
});
