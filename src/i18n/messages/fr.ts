import type { Messages } from './zh-Hans';

export const fr: Messages = {
  'common.ok': 'OK',
  'common.cancel': 'Annuler',
  'common.loading': 'Chargement...',
  'request.loading': 'Requête en cours...',
  'request.networkError': 'Problème de réseau, veuillez réessayer plus tard',
  'clipboard.copied': 'Contenu copié',
  'clipboard.failed': 'Échec de la copie, veuillez copier manuellement',
  'asyncPage.loadFailed': 'La page n’a pas pu se charger, touchez l’écran pour recharger',
  'asyncPage.timeout': 'Délai de connexion dépassé, touchez l’écran pour réessayer',
  'payment.cancelled': 'Paiement annulé',
  'payment.failed': 'Le paiement a échoué, veuillez réessayer plus tard',
  'payment.unavailable': 'Ce moyen de paiement n’est pas disponible ici',
  'phone.callFailed': 'Appel impossible, composez le {phone}',
  'webView.blocked': 'Ce lien ne peut pas être ouvert',
  'language.zh-Hans': '简体中文',
  'language.zh-Hant': '繁體中文',
  'language.en': 'English',
  'language.es': 'Español',
  'language.fr': 'Français',
};
