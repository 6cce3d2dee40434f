import { ASYNC_PAGE_LOADING_DELAY_MS, ASYNC_PAGE_TIMEOUT_MS } from '../constants';

/**
 * The life of an asynchronously loaded page or section:
 * - `pending` for the first 200 ms (nothing shown, so fast loads do not flash a spinner),
 * - then `loading` (show the spinner),
 * - `loaded`, or `failed` (show the tap-to-reload message, i18n `asyncPage.loadFailed`),
 * - or `timeout` after 60000 ms (show 连接超时，请点击屏幕重试, i18n `asyncPage.timeout`).
 * A reload starts a fresh cycle; answers from an older cycle are ignored.
 */
export type AsyncLoadState<T> =
  | { status: 'pending' }
  | { status: 'loading' }
  | { status: 'loaded'; value: T }
  | { status: 'failed'; error: unknown }
  | { status: 'timeout' };

export interface AsyncLoadOptions {
  delay?: number;
  timeout?: number;
}

export function trackAsyncLoad<T>(
  load: () => Promise<T>,
  onChange: (state: AsyncLoadState<T>) => void,
  options: AsyncLoadOptions = {},
): { reload(): void; dispose(): void } {
  const delay = options.delay ?? ASYNC_PAGE_LOADING_DELAY_MS;
  const timeout = options.timeout ?? ASYNC_PAGE_TIMEOUT_MS;
  let cycle = 0;
  let timers: ReturnType<typeof setTimeout>[] = [];

  const clear = () => {
    timers.forEach(clearTimeout);
    timers = [];
  };

  const start = () => {
    clear();
    cycle += 1;
    const mine = cycle;
    let settled = false;
    const settle = (state: AsyncLoadState<T>) => {
      if (settled || mine !== cycle) return;
      settled = true;
      clear();
      onChange(state);
    };
    onChange({ status: 'pending' });
    timers.push(
      setTimeout(() => !settled && mine === cycle && onChange({ status: 'loading' }), delay),
      setTimeout(() => settle({ status: 'timeout' }), timeout),
    );
    let promise: Promise<T>;
    try {
      promise = load();
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (value) => settle({ status: 'loaded', value }),
      (error: unknown) => settle({ status: 'failed', error }),
    );
  };

  start();
  return {
    reload: start,
    dispose: () => {
      clear();
      cycle += 1;
    },
  };
}
