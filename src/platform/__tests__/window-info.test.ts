import { Current } from '@tarojs/runtime';
import { isInWindow } from '../paging';

/** A paged list's footer with the box the browser would lay it out in (jsdom lays out nothing). */
function footer(id: string, box: { top: number; height: number } | 'hidden'): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  const { top, height } = box === 'hidden' ? { top: 0, height: 0 } : box;
  const rect = { x: 0, y: top, left: 0, top, width: 375, height, right: 375, bottom: top + height };
  element.getBoundingClientRect = () => rect as DOMRect;
  element.getClientRects = () => (box === 'hidden' ? [] : [rect]) as unknown as DOMRectList;
  document.body.appendChild(element);
  return element;
}

const pageErrors: unknown[] = [];
const onError = (event: ErrorEvent) => pageErrors.push(event.error ?? event.message);

beforeEach(() => {
  pageErrors.length = 0;
  window.addEventListener('error', onError);
  Object.defineProperty(window, 'innerHeight', { value: 812, configurable: true });
});

afterEach(() => {
  window.removeEventListener('error', onError);
  document.body.innerHTML = '';
  Current.page = null;
});

describe('isInWindow (H5): whether a paged list should load on', () => {
  test('says no, and throws nothing, once the user has gone to a page not drawn yet', async () => {
    // The router has made the next page current, but its container is not in the document yet.
    Current.page = { path: '/pages/loading/loading?stamp=9' } as typeof Current.page;
    await expect(isInWindow('paged-list-footer-1')).resolves.toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(pageErrors).toEqual([]);
  });

  test('yes while the footer is on screen, no once it is below the window', async () => {
    footer('footer-on-screen', { top: 700, height: 40 });
    footer('footer-below', { top: 900, height: 40 });
    await expect(isInWindow('footer-on-screen')).resolves.toBe(true);
    await expect(isInWindow('footer-below')).resolves.toBe(false);
  });

  test('no for the footer of a page kept hidden (a tab page the user has left)', async () => {
    footer('footer-hidden', 'hidden');
    await expect(isInWindow('footer-hidden')).resolves.toBe(false);
  });
});
