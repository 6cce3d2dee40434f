import { RESIZE_THROTTLE_MS, rootFontSize } from '../constants';
import { throttle } from '../utils/throttle';

/**
 * NOTE(h5): 1rem = min(viewport width, 960) / 23.4375 px, so the 375 px design is 23.4375rem
 * wide and wide screens stop growing at 960 px. Kept up to date on resize (throttled to 50 ms).
 * Replaces Taro's default rem script, which caps at 640 px. Returns a function that stops it.
 *
 * Taro's inline script in index.html has sized the first paint (the same size, in portrait), so
 * the first check waits for the next frame: measuring now would lay the page out once more while
 * the app starts (a forced layout in the start-up task). The size is written only when it changes.
 */
export function installRootFontSize(): () => void {
  const root = document.documentElement;
  const apply = () => {
    const width = root.getBoundingClientRect().width || window.innerWidth;
    const fontSize = `${rootFontSize(width)}px`;
    if (root.style.fontSize !== fontSize) root.style.fontSize = fontSize;
  };
  const firstCheck = requestAnimationFrame(apply);
  const onResize = throttle(apply, RESIZE_THROTTLE_MS);
  window.addEventListener('resize', onResize);
  window.addEventListener('orientationchange', onResize);
  return () => {
    cancelAnimationFrame(firstCheck);
    onResize.cancel();
    window.removeEventListener('resize', onResize);
    window.removeEventListener('orientationchange', onResize);
  };
}
