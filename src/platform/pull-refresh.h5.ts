import { useDidHide, useDidShow } from '@tarojs/taro';
import { useEffect, useRef } from 'react';
import { t } from '../i18n';

/**
 * NOTE(h5): pull-to-refresh drawn by the app. Taro 4.2's HTML-components wrapper never reaches
 * the page's handler (it looks the page up on its own wrapper element), so pages do not ask Taro
 * for one on H5 (routes.ts pageConfig) and this hook follows the finger instead: a pull of
 * PULL_DISTANCE px from the top of the page, released, refreshes. The hint is a fixed pill under
 * the navigation bar, so nothing on the page moves.
 */

const PULL_DISTANCE = 64;
// The finger travels further than the hint shows, as with a native pull.
const RESISTANCE = 0.5;
const HINT_ID = 'pull-refresh-hint';

/** A refresh is under way (until stopPullDownRefresh): a new pull waits for it. */
let refreshing = false;

function showHint(text: string, progress: number): void {
  let hint = document.getElementById(HINT_ID);
  if (!hint) {
    hint = document.createElement('div');
    hint.id = HINT_ID;
    hint.setAttribute('role', 'status');
    hint.className = 'pull-refresh-hint';
    document.body.appendChild(hint);
  }
  hint.textContent = text;
  hint.style.opacity = String(Math.min(1, 0.3 + progress));
  hint.style.transform = `translate(-50%, ${Math.round(progress * 16)}px)`;
}

function hideHint(): void {
  document.getElementById(HINT_ID)?.remove();
}

function atTop(): boolean {
  return (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;
}

export function usePagePullDownRefresh(callback: () => void): void {
  const latest = useRef(callback);
  latest.current = callback;
  // Every page of the stack stays mounted on H5: only the one showing follows the finger.
  const showing = useRef(true);
  useDidShow(() => {
    showing.current = true;
  });
  useDidHide(() => {
    showing.current = false;
  });

  useEffect(() => {
    let startY: number | undefined;
    let pulled = 0;
    const onStart = (event: TouchEvent) => {
      startY = showing.current && atTop() && !refreshing ? event.touches[0]?.clientY : undefined;
      pulled = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === undefined) return;
      const distance = ((event.touches[0]?.clientY ?? startY) - startY) * RESISTANCE;
      if (distance <= 0 || !atTop()) {
        pulled = 0;
        hideHint();
        return;
      }
      // Ours, not the browser's overscroll (which would reload the whole page).
      if (event.cancelable) event.preventDefault();
      pulled = distance;
      showHint(
        pulled >= PULL_DISTANCE ? t('common.releaseToRefresh') : t('common.pullToRefresh'),
        Math.min(1, pulled / PULL_DISTANCE),
      );
    };
    const onEnd = () => {
      if (startY === undefined) return;
      startY = undefined;
      if (pulled >= PULL_DISTANCE) {
        refreshing = true;
        showHint(t('common.refreshing'), 1);
        latest.current();
      } else {
        hideHint();
      }
      pulled = 0;
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchmove', onMove, { passive: false });
    document.addEventListener('touchend', onEnd);
    document.addEventListener('touchcancel', onEnd);
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchmove', onMove);
      document.removeEventListener('touchend', onEnd);
      document.removeEventListener('touchcancel', onEnd);
    };
  }, []);
}

/** Ends the refresh: the hint goes away and the next pull may start. */
export function stopPullDownRefresh(): void {
  refreshing = false;
  hideHint();
}
