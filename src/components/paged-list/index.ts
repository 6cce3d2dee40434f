export { PagedList, type PagedListProps } from './PagedList';
export {
  usePagedList,
  type FetchPage,
  type PagedList as PagedListState,
  type PagedListOptions,
  type PagedListStatus,
} from './usePagedList';
export { useRevealedCount } from './useRevealedCount';
