import { LONG_PRESS_MOVE_TOLERANCE_PX, LONG_PRESS_MS } from '../constants';

export interface TouchPoint {
  clientX: number;
  clientY: number;
}

/** The parts of a touch event this helper reads (Taro's ITouchEvent and the DOM's both fit). */
export interface TouchLike {
  touches?: ArrayLike<TouchPoint>;
  changedTouches?: ArrayLike<TouchPoint>;
}

/**
 * Long-press detection: fires after 350 ms of holding still; moving further than 10 px, lifting
 * the finger or a cancelled touch before then calls it off. Spread the handlers onto a View.
 */
export function createLongPress(onLongPress: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let start: TouchPoint | undefined;

  const point = (event: TouchLike): TouchPoint | undefined =>
    event.touches?.[0] ?? event.changedTouches?.[0];

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    start = undefined;
  };

  return {
    onTouchStart(event: TouchLike) {
      cancel();
      start = point(event);
      timer = setTimeout(() => {
        timer = undefined;
        start = undefined;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onTouchMove(event: TouchLike) {
      const now = point(event);
      if (!start || !now) return;
      const distance = Math.hypot(now.clientX - start.clientX, now.clientY - start.clientY);
      if (distance > LONG_PRESS_MOVE_TOLERANCE_PX) cancel();
    },
    onTouchEnd: cancel,
    onTouchCancel: cancel,
  };
}
