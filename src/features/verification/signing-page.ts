import { WEB_VIEW_PAGE } from '../../constants';
import { openPage } from '../../platform/open-page';

/** Open the signing page in the app's web view (its allowlist decides whether it opens). */
export function openSigningPage(url: string, title: string): Promise<boolean> {
  const query = `url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`;
  return openPage(`${WEB_VIEW_PAGE}?${query}`);
}
