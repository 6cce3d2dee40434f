/**
 * Simplified Chinese, the default language and the reference: every other language must have
 * exactly these keys (checked by src/i18n/i18n.test.ts). Keys are dotted: `<area>.<message>`.
 */
export const zhHans = {
  'common.ok': '确定',
  'common.cancel': '取消',
  'common.loading': '加载中...',
  'request.loading': '请求中...',
  'request.networkError': '网络不给力，请稍后重试',
  'clipboard.copied': '内容已复制',
  'clipboard.failed': '复制失败，请手动复制',
  'asyncPage.loadFailed': '页面加载失败，请点击屏幕重新加载',
  'asyncPage.timeout': '连接超时，请点击屏幕重试',
  'payment.cancelled': '已取消支付',
  'payment.failed': '支付失败，请稍后重试',
  'payment.unavailable': '当前环境不支持该支付方式',
  'phone.callFailed': '拨号失败，请手动拨打 {phone}',
  'webView.blocked': '该链接无法打开',
  'language.zh-Hans': '简体中文',
  'language.zh-Hant': '繁體中文',
  'language.en': 'English',
  'language.es': 'Español',
  'language.fr': 'Français',
} as const;

export type MessageKey = keyof typeof zhHans;
export type Messages = Record<MessageKey, string>;
