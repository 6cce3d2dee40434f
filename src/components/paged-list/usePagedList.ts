import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Envelope, Page } from '../../../contract/http';
import { REACH_BOTTOM_THROTTLE_MS } from '../../constants';
import { throttle } from '../../utils';

/** Where a paged list stands; the container draws the matching state. */
export type PagedListStatus =
  /** Held back (`enabled: false`): nothing asked for yet. */
  | 'idle'
  /** First page on its way (nothing to show yet). */
  | 'loading'
  /** Pull-to-refresh or retry of the first page while the old items stay on screen. */
  | 'refreshing'
  | 'loadingMore'
  /** Loaded; more pages may follow. */
  | 'ready'
  /** Every page is loaded. */
  | 'done'
  /** The first page failed: the whole list shows the error with tap to retry. */
  | 'error'
  /** A later page failed: the items stay, the footer offers tap to retry. */
  | 'moreError'
  /** A refresh failed: the old items stay, a notice above them offers tap to retry. */
  | 'refreshError';

/** Fetches one page (1-based) in the server's `Page<T>` shape, wrapped in the envelope. */
export type FetchPage<T> = (pageNum: number, pageSize: number) => Promise<Envelope<Page<T> | null>>;

export interface PagedListOptions<T> {
  fetchPage: FetchPage<T>;
  /** Default 10 (the server's default; at most 50). */
  pageSize?: number;
  /** Changing any of these starts the list again from page 1 (a new category, a new keyword). */
  deps?: readonly unknown[];
  /** False holds the first load back (e.g. no keyword yet). Default true. */
  enabled?: boolean;
}

export interface PagedList<T> {
  items: T[];
  total: number;
  status: PagedListStatus;
  /** The server's message of the last failure ('' for a network failure). */
  errorMessage: string;
  hasMore: boolean;
  /** Page 1 again, keeping the items on screen until it arrives (pull-to-refresh). */
  refresh(): Promise<void>;
  /** The next page; ignored while a load is running or when everything is loaded. */
  loadMore(): Promise<void>;
  /** `loadMore`, at most once per REACH_BOTTOM_THROTTLE_MS (350 ms): for scroll events. */
  onReachBottom(): void;
  /** After a failure: the failed page again. */
  retry(): Promise<void>;
}

const DEFAULT_PAGE_SIZE = 10;
const OK = 200;

/** The request layer never rejects; a fetcher of our own might. Either way, an envelope. */
async function fetchSafely<T>(
  fetchPage: FetchPage<T>,
  pageNum: number,
  pageSize: number,
): Promise<Envelope<Page<T> | null>> {
  try {
    return await fetchPage(pageNum, pageSize);
  } catch (error) {
    return { code: -1, msg: error instanceof Error ? error.message : '', data: null };
  }
}

/**
 * State of a list the server pages: first load, pull-to-refresh, paging, failures. Answers that
 * arrive after a newer request started (a refresh during a load, a new keyword) are dropped, so
 * pages never mix.
 */
export function usePagedList<T>({
  fetchPage,
  pageSize = DEFAULT_PAGE_SIZE,
  deps = [],
  enabled = true,
}: PagedListOptions<T>): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<PagedListStatus>('loading');
  const [errorMessage, setErrorMessage] = useState('');

  // Mutable mirrors so callbacks stay stable and see the latest values.
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const generation = useRef(0);
  const loadedPages = useRef(0);
  const busy = useRef(false);
  const statusRef = useRef<PagedListStatus>('loading');
  const itemsRef = useRef<T[]>([]);
  const moreRef = useRef(false);

  const commit = useCallback((next: PagedListStatus) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  // The first page is asked for while the list first renders, not once the browser has painted
  // it and run the effects: the goods come a frame (and a layout) sooner. The first load takes it.
  const firstRender = useRef(true);
  const earlyFirstPage = useRef<Promise<Envelope<Page<T> | null>>>();
  if (firstRender.current) {
    firstRender.current = false;
    if (enabled) earlyFirstPage.current = fetchSafely(fetchPage, 1, pageSize);
  }

  const load = useCallback(
    async (pageNum: number, mode: 'first' | 'refresh' | 'more') => {
      const mine = ++generation.current;
      busy.current = true;
      if (mode === 'first') commit('loading');
      else if (mode === 'refresh') commit('refreshing');
      else commit('loadingMore');
      const early = mode === 'first' && pageNum === 1 ? earlyFirstPage.current : undefined;
      earlyFirstPage.current = undefined;
      const reply = await (early ?? fetchSafely(fetchRef.current, pageNum, pageSize));
      if (mine !== generation.current) return;
      busy.current = false;
      const page = reply.code === OK ? reply.data : null;
      if (!page || !Array.isArray(page.list)) {
        setErrorMessage(reply.msg ?? '');
        if (mode === 'more') commit('moreError');
        // A failed refresh keeps what is on screen; the list says so above the items.
        else if (mode === 'refresh' && itemsRef.current.length > 0) commit('refreshError');
        else commit('error');
        return;
      }
      const next = pageNum === 1 ? page.list : [...itemsRef.current, ...page.list];
      itemsRef.current = next;
      loadedPages.current = pageNum;
      setItems(next);
      setTotal(page.total);
      setErrorMessage('');
      // Done when the server says so, or when a page comes back short or empty (a total that
      // moved under us must not page forever).
      const more = next.length < page.total && page.list.length >= pageSize;
      moreRef.current = more;
      commit(more ? 'ready' : 'done');
    },
    [commit, pageSize],
  );

  const loadFirst = useCallback(() => load(1, 'first'), [load]);

  useEffect(() => {
    if (!enabled) {
      generation.current += 1;
      busy.current = false;
      itemsRef.current = [];
      moreRef.current = false;
      setItems([]);
      setTotal(0);
      commit('idle');
      return;
    }
    itemsRef.current = [];
    moreRef.current = false;
    setItems([]);
    setTotal(0);
    void loadFirst();
    // Abandon whatever is in flight when the inputs change or the page goes away.
    return () => {
      generation.current += 1;
      busy.current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide a restart
  }, [enabled, loadFirst, ...deps]);

  const refresh = useCallback(async () => {
    if (!enabled) return;
    await load(1, itemsRef.current.length > 0 ? 'refresh' : 'first');
  }, [enabled, load]);

  const loadMore = useCallback(async () => {
    // After a failed page the footer's retry asks again, not every scroll event.
    const failed = statusRef.current === 'moreError' || statusRef.current === 'error';
    if (!enabled || busy.current || !moreRef.current || failed) return;
    await load(loadedPages.current + 1, 'more');
  }, [enabled, load]);

  const retry = useCallback(async () => {
    if (!enabled || busy.current) return;
    if (statusRef.current === 'moreError') await load(loadedPages.current + 1, 'more');
    else await refresh();
  }, [enabled, load, refresh]);

  const onReachBottom = useMemo(
    () =>
      throttle(() => {
        void loadMore();
      }, REACH_BOTTOM_THROTTLE_MS),
    [loadMore],
  );
  useEffect(() => () => onReachBottom.cancel(), [onReachBottom]);

  return {
    items,
    total,
    status,
    errorMessage,
    hasMore: moreRef.current,
    refresh,
    loadMore,
    onReachBottom,
    retry,
  };
}
