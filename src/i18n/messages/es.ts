import type { Messages } from './zh-Hans';

export const es: Messages = {
  'common.ok': 'Aceptar',
  'common.cancel': 'Cancelar',
  'common.loading': 'Cargando...',
  'request.loading': 'Solicitando...',
  'request.networkError': 'Problema de red, inténtelo de nuevo más tarde',
  'clipboard.copied': 'Contenido copiado',
  'clipboard.failed': 'No se pudo copiar, cópielo manualmente',
  'asyncPage.loadFailed': 'La página no se pudo cargar, toque la pantalla para recargar',
  'asyncPage.timeout': 'Tiempo de conexión agotado, toque la pantalla para reintentar',
  'payment.cancelled': 'Pago cancelado',
  'payment.failed': 'El pago falló, inténtelo de nuevo más tarde',
  'payment.unavailable': 'Este método de pago no está disponible aquí',
  'phone.callFailed': 'No se pudo llamar, marque {phone}',
  'webView.blocked': 'No se puede abrir este enlace',
  'language.zh-Hans': '简体中文',
  'language.zh-Hant': '繁體中文',
  'language.en': 'English',
  'language.es': 'Español',
  'language.fr': 'Français',
};
