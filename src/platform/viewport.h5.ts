import { RESIZE_THROTTLE_MS, rootFontSize } from '../constants';
import { throttle } from '../utils/throttle';

/**
 * NOTE(h5): 1rem = min(viewport width, 960) / 23.4375 px, so the 375 px design is 23.4375rem
 * wide and wide screens stop growing at 960 px. Set now and again on resize (throttled to 50 ms).
 * Replaces Taro's default rem script, which caps at 640 px. Returns a function that stops it.
 */
export function installRootFontSize(): () => void {
  const root = document.documentElement;
  const apply = () => {
    const width = root.getBoundingClientRect().width || window.innerWidth;
    root.style.fontSize = `${rootFontSize(width)}px`;
  };
  apply();
  const onResize = throttle(apply, RESIZE_THROTTLE_MS);
  window.addEventListener('resize', onResize);
  window.addEventListener('orientationchange', onResize);
  return () => {
    onResize.cancel();
    window.removeEventListener('resize', onResize);
    window.removeEventListener('orientationchange', onResize);
  };
}
