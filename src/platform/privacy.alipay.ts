import type { PrivacyAnswer } from './privacy-shared';

export { AGREE_BUTTON_ID, type PrivacyAnswer } from './privacy-shared';

// NOTE(alipay): no host hook like WeChat's onNeedPrivacyAuthorization; the app shows its own
// privacy notice before phone number, location and identity (stores/privacy-popup.ts).
export function listenPrivacyAuthorization(_onNeed: (answer: PrivacyAnswer) => void): void {}

export const asksOwnPrivacyNotice = true;

export const agreeButtonOpenType: 'agreePrivacyAuthorization' | undefined = undefined;
