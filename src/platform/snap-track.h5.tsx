import { useEffect, useRef } from 'react';
import type { SnapTrackProps } from './snap-track';

export type { SnapTrackProps } from './snap-track';

/**
 * NOTE(h5): the track Taro's ScrollView draws here (the same element and class names, so Taro's
 * stylesheet in index.html applies), without its code: the home banner was the first route's only
 * ScrollView, and with it came Taro's component helpers and classnames (~2 KB gzip). The page
 * snaps through the track's CSS (scroll-snap); a new `scrollLeft` scrolls smoothly to it.
 */
export function SnapTrack({
  className,
  scrollLeft,
  onTouchStart,
  onTouchEnd,
  onScrolled,
  children,
}: SnapTrackProps) {
  const track = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    // As Taro's: the first offset is where the track starts, only later ones scroll it.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    track.current?.scrollTo({ left: scrollLeft, behavior: 'smooth' });
  }, [scrollLeft]);
  return (
    <div
      ref={track}
      className={`taro-scroll taro-scroll-view__scroll-x taro-scroll--hidebar taro-scroll--enhanced ${className ?? ''}`}
      onScroll={(event) =>
        onScrolled?.(event.currentTarget.scrollLeft, event.currentTarget.scrollWidth)
      }
      // As Taro's: a swipe along the track is not the page's (pull-to-refresh, say).
      onTouchMove={(event) => event.stopPropagation()}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      {children}
    </div>
  );
}
