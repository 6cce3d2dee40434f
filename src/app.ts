import type { PropsWithChildren } from 'react';
import { applyLaunch } from './features/launch/applyLaunch';
import { useAppLaunch } from './platform/app-lifecycle';
import { installRootFontSize } from './platform/viewport';
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

function App({ children }: PropsWithChildren) {
  useAppLaunch((options) => {
    if (process.env.TARO_ENV !== 'h5') applyLaunch(options as { query?: Record<string, unknown> });
  });
  return children;
}

export default App;
