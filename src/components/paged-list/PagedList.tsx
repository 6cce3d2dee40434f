import { View } from '@tarojs/components';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  isInWindow,
  stopPullDownRefresh,
  usePagePullDownRefresh,
  usePageReachBottom,
} from '../../platform/paging';
import { EmptyState, ErrorState, ListFooter, SkeletonGrid, type EmptyStateProps } from '../states';
import type { PagedList as PagedListState } from './usePagedList';
import { useRevealedCount } from './useRevealedCount';
import './index.scss';

let nextFooterId = 0;

export interface PagedListProps<T> {
  /** What `usePagedList` returned. */
  list: PagedListState<T>;
  renderItem: (item: T, index: number) => ReactNode;
  keyOf: (item: T, index: number) => string | number;
  /** Text of the empty state (default 暂无数据). */
  empty?: EmptyStateProps;
  /** Shown while the first page loads (default: a grid of card skeletons). */
  skeleton?: ReactNode;
  /** Layout of the items: a two-column card grid or one row per item. */
  layout?: 'grid' | 'rows';
  /**
   * Every item is about one goods card (grid) or goods row (rows) high (default true): H5 then
   * skips laying out the items off screen and keeps a box of that height for each. Lists whose
   * items differ (an order card with or without its buttons, a coupon, an address) pass false:
   * an item on screen drawn at the guessed height and then at its own moves what is under it.
   */
  uniformItems?: boolean;
  /**
   * Bind the page's pull-down and reach-bottom to this list (default true). Only one list per
   * page may do so; a second list on the page passes false and is paged by its own triggers.
   */
  bindPage?: boolean;
  /** More to reload on pull-down besides the list (the sections above it), run alongside. */
  onRefresh?: () => Promise<unknown>;
  /** Checks whether the footer is on screen; the platform's by default (tests pass their own). */
  isFooterVisible?: (footerId: string) => Promise<boolean>;
  className?: string;
}

/**
 * A list the server pages: skeleton on the first load, empty state, error state with tap to
 * retry, a loading / no-more / retry footer, pull-to-refresh and reach-bottom paging. The page
 * must enable its pull-down (`pageConfig(route, { enablePullDownRefresh: true })`).
 */
export function PagedList<T>({
  list,
  renderItem,
  keyOf,
  empty,
  skeleton,
  layout = 'grid',
  uniformItems = true,
  bindPage = true,
  isFooterVisible = isInWindow,
  onRefresh,
  className = '',
}: PagedListProps<T>) {
  const footerId = useRef(`paged-list-footer-${++nextFooterId}`).current;
  const { status, items } = list;
  const shown = useRevealedCount(items.length);
  const allShown = shown === items.length;

  usePagePullDownRefresh(() => {
    if (!bindPage) return;
    void Promise.all([list.refresh(), onRefresh?.()])
      .catch(() => undefined)
      .finally(stopPullDownRefresh);
  });
  usePageReachBottom(() => {
    if (bindPage) list.onReachBottom();
  });

  // A page too short to scroll never reaches bottom: keep loading while the footer shows (once
  // every item is drawn: until then the footer sits right under the first few).
  const { loadMore } = list;
  useEffect(() => {
    if (status !== 'ready' || !allShown) return;
    let live = true;
    void isFooterVisible(footerId).then((visible) => {
      if (live && visible) void loadMore();
    });
    return () => {
      live = false;
    };
  }, [status, items.length, allShown, footerId, isFooterVisible, loadMore]);

  if ((status === 'loading' || status === 'idle') && items.length === 0) {
    return <View className={`paged-list ${className}`}>{skeleton ?? <SkeletonGrid />}</View>;
  }
  if (status === 'error') {
    return (
      <View className={`paged-list ${className}`}>
        <ErrorState message={list.errorMessage} onRetry={() => void list.retry()} />
      </View>
    );
  }
  if (items.length === 0 && status === 'done') {
    return (
      <View className={`paged-list ${className}`}>
        <EmptyState {...empty} />
      </View>
    );
  }

  const footerState =
    status === 'loadingMore' || status === 'ready'
      ? 'loading'
      : status === 'moreError'
        ? 'error'
        : status === 'done'
          ? 'done'
          : 'idle';
  return (
    <View className={`paged-list ${className}`}>
      {status === 'refreshError' && (
        <ErrorState compact message={list.errorMessage} onRetry={() => void list.retry()} />
      )}
      <View
        className={`paged-list__items paged-list__items--${layout}${uniformItems ? ' paged-list__items--uniform' : ''}`}
      >
        {(allShown ? items : items.slice(0, shown)).map((item, index) => (
          <View key={keyOf(item, index)} className="paged-list__item">
            {renderItem(item, index)}
          </View>
        ))}
      </View>
      {/* Under the last item only: moving down as slices come, it would be a layout shift. */}
      {allShown && (
        <ListFooter
          id={footerId}
          state={list.hasMore && footerState === 'done' ? 'idle' : footerState}
          message={list.errorMessage}
          onRetry={() => void list.retry()}
        />
      )}
    </View>
  );
}
