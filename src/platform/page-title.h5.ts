/**
 * NOTE(h5): the app draws its own navigation and tab bars in the user's language; the browser's
 * title (tab, history, bookmarks) follows the page's title too.
 */
export function showPageTitles(title: string, _tabTexts: readonly string[] | undefined): void {
  if (title) document.title = title;
}
