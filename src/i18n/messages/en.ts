import type { Messages } from './zh-Hans';

export const en: Messages = {
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.loading': 'Loading...',
  'request.loading': 'Requesting...',
  'request.networkError': 'Network problem, please try again later',
  'clipboard.copied': 'Content copied',
  'clipboard.failed': 'Copy failed, please copy manually',
  'asyncPage.loadFailed': 'The page failed to load, tap the screen to reload',
  'asyncPage.timeout': 'Connection timed out, tap the screen to try again',
  'payment.cancelled': 'Payment cancelled',
  'payment.failed': 'Payment failed, please try again later',
  'payment.unavailable': 'This payment method is not available here',
  'phone.callFailed': 'Could not place the call, please dial {phone}',
  'webView.blocked': 'This link cannot be opened',
  'language.zh-Hans': '简体中文',
  'language.zh-Hant': '繁體中文',
  'language.en': 'English',
  'language.es': 'Español',
  'language.fr': 'Français',
};
