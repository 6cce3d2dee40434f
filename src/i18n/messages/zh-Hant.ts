import type { Messages } from './zh-Hans';

export const zhHant: Messages = {
  'common.ok': '確定',
  'common.cancel': '取消',
  'common.loading': '載入中...',
  'request.loading': '請求中...',
  'request.networkError': '網路不給力，請稍後重試',
  'clipboard.copied': '內容已複製',
  'clipboard.failed': '複製失敗，請手動複製',
  'asyncPage.loadFailed': '頁面載入失敗，請點擊螢幕重新載入',
  'asyncPage.timeout': '連線逾時，請點擊螢幕重試',
  'payment.cancelled': '已取消支付',
  'payment.failed': '支付失敗，請稍後重試',
  'payment.unavailable': '目前環境不支援該支付方式',
  'phone.callFailed': '撥號失敗，請手動撥打 {phone}',
  'webView.blocked': '該連結無法開啟',
  'language.zh-Hans': '简体中文',
  'language.zh-Hant': '繁體中文',
  'language.en': 'English',
  'language.es': 'Español',
  'language.fr': 'Français',
};
