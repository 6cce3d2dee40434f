/** NOTE(h5): a new tab, without giving the opened site a handle on this page. */
export function openExternalSite(url: string, _copiedMessage: string): Promise<void> {
  window.open(url, '_blank', 'noopener,noreferrer');
  return Promise.resolve();
}
