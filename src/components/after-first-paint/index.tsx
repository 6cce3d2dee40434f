import { useEffect, useState, type ReactNode } from 'react';

/**
 * NOTE(h5): draws its children in the task after the page's first paint, not in it. A page puts
 * what is below the first screen in it, so the first screen is drawn (and the browser can respond)
 * in a shorter task; a long first render is what a phone's user feels as a page that does not
 * answer, and what Lighthouse counts as blocking time. The mini-programs draw everything at once:
 * each render there is one setData, and two cost more than one.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(process.env.TARO_ENV !== 'h5');
  // Effects run after the browser has painted the render that scheduled them.
  useEffect(() => {
    if (!shown) setShown(true);
  }, [shown]);
  return shown ? <>{children}</> : null;
}
