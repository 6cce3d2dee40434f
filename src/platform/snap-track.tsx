import { ScrollView } from '@tarojs/components';
import type { ReactNode } from 'react';

export interface SnapTrackProps {
  className?: string;
  /** Where the track should scroll to (changes animate). */
  scrollLeft: number;
  onTouchStart?: () => void;
  onTouchEnd?: () => void;
  /** The track scrolled: its offset and its whole width. */
  onScrolled?: (scrollLeft: number, scrollWidth: number) => void;
  children?: ReactNode;
}

/**
 * A horizontal track that pages by its children: the mini-programs' scroll-view with
 * `paging-enabled` (snap-track.h5.tsx is the browser's own scroll snapping).
 */
export function SnapTrack({
  className,
  scrollLeft,
  onTouchStart,
  onTouchEnd,
  onScrolled,
  children,
}: SnapTrackProps) {
  return (
    <ScrollView
      className={className}
      scrollX
      enhanced
      pagingEnabled
      showScrollbar={false}
      scrollWithAnimation
      scrollLeft={scrollLeft}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onScroll={(event) => onScrolled?.(event.detail.scrollLeft, event.detail.scrollWidth)}
    >
      {children}
    </ScrollView>
  );
}
