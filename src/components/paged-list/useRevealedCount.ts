import { useLayoutEffect, useState } from 'react';

/** Items a list draws in the task that brings them (one row of the card grid). */
export const FIRST_SLICE = 2;
/** Items each following task adds. */
export const SLICE = 2;

/**
 * NOTE(h5): how many of a list's `count` items to draw now. A page of goods arrives at once, and
 * drawing ten cards is one of the longest tasks of a page's start (a tap waits for it, and
 * Lighthouse counts it as blocking time). So H5 draws the first FIRST_SLICE in the task the reply
 * came in and SLICE more in each task after it, each a few milliseconds. The next slice is queued
 * from a layout effect (straight after the commit), not from an effect, which would wait for the
 * next frame. The mini-programs draw all at once: each render there is one setData, and several
 * cost more than one.
 */
export function useRevealedCount(count: number): number {
  const sliced = process.env.TARO_ENV === 'h5';
  const [revealed, setRevealed] = useState(FIRST_SLICE);
  const shown = sliced ? Math.min(count, revealed) : count;

  useLayoutEffect(() => {
    if (!sliced) return;
    // An emptied list (a new category, a new keyword) starts again from the first slice.
    if (count === 0) {
      if (revealed !== FIRST_SLICE) setRevealed(FIRST_SLICE);
      return;
    }
    if (revealed >= count) return;
    const timer = setTimeout(() => setRevealed((last) => last + SLICE), 0);
    return () => clearTimeout(timer);
  }, [sliced, count, revealed]);

  return shown;
}
