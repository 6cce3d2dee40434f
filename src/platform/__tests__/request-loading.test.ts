import { createHttpClient } from '../request';
import { startTestServer, type TestServer } from './helpers/test-server';

/** The generic helper's 请求中... appears only for calls slower than 800 ms (H5 renders it in the DOM). */

let server: TestServer;
let seen: string[];
let observer: MutationObserver;

beforeAll(async () => {
  server = await startTestServer();
  process.env.TARO_APP_API_BASE = server.url;
});
afterAll(async () => {
  await server.close();
  delete process.env.TARO_APP_API_BASE;
});
beforeEach(() => {
  seen = [];
  observer = new MutationObserver(() => {
    const text = document.body.textContent ?? '';
    if (text.includes('请求中...') && isVisible('请求中...')) seen.push('shown');
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
});
afterEach(() => observer.disconnect());

function isVisible(text: string): boolean {
  const nodes = Array.from(document.body.querySelectorAll('*')).filter(
    (el) => el.children.length === 0 && el.textContent?.includes(text),
  );
  return nodes.some((node) => {
    for (let el: Element | null = node; el; el = el.parentElement) {
      const style = (el as HTMLElement).style;
      // Taro's H5 toast fades out (opacity 0), then leaves the DOM flow (display none).
      if (style?.display === 'none' || style?.opacity === '0') return false;
    }
    return true;
  });
}

const client = () =>
  createHttpClient({ navigator: { currentUrl: () => '', reLaunch: () => undefined } });

test('a slow call shows 请求中... and hides it when the reply arrives', async () => {
  const reply = await client().request({ url: '/api/slow?ms=1500', loading: true });
  expect(reply.code).toBe(200);
  expect(seen.length).toBeGreaterThan(0);
  // Taro's H5 toast fades out on the next tick.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(isVisible('请求中...')).toBe(false);
});

test('a quick call never shows it', async () => {
  const reply = await client().request({ url: '/api/echo', loading: true });
  expect(reply.code).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 900));
  expect(seen).toEqual([]);
});

test('without the loading option nothing is shown, however slow', async () => {
  await client().request({ url: '/api/slow?ms=1000' });
  expect(seen).toEqual([]);
});
