import type { PropsWithChildren } from 'react';
import { applyLaunch } from './features/launch/applyLaunch';
import { useAppLaunch } from './platform/app-lifecycle';
import { redirectMissingPages } from './platform/page-not-found';
import { installRootFontSize } from './platform/viewport';
import { missingPageUrl } from './routes';
import { installPrivacyListener } from './stores/privacy-popup';
import './platform/start-up-break';
import './app.scss';

// NOTE(h5): the URL is known before anything renders, so the brand is applied before the first
// paint; mini-programs get their launch query in onLaunch.
if (process.env.TARO_ENV === 'h5') {
  applyLaunch();
  installRootFontSize();
}

// WeChat: its privacy APIs wait for the app's popup (components/consent/PrivacyPopup).
installPrivacyListener();

// A moved page's old path opens the page; any other path that is no page, the not-found page.
redirectMissingPages(missingPageUrl);

function App({ children }: PropsWithChildren) {
  useAppLaunch((options) => {
    if (process.env.TARO_ENV !== 'h5') applyLaunch(options as { query?: Record<string, unknown> });
  });
  return children;
}

export default App;
