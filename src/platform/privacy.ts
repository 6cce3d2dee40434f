/**
 * The host's own privacy authorisation, before calls that collect personal data (phone number,
 * location, address, photos). WeChat asks through `wx.onNeedPrivacyAuthorization` and a button
 * with `open-type="agreePrivacyAuthorization"` (privacy.weapp.ts); Alipay has no such hook, so
 * the app asks itself before those calls (privacy.alipay.ts); H5 has neither (the login page's
 * agreement and the consent prompts cover it).
 */
import type { PrivacyAnswer } from './privacy-shared';

export { AGREE_BUTTON_ID, type PrivacyAnswer } from './privacy-shared';

/** Registers the handler that opens the app's privacy popup when the host needs consent. */
export function listenPrivacyAuthorization(_onNeed: (answer: PrivacyAnswer) => void): void {
  // No host hook on this target.
}

/** Whether the app must ask itself before phone, location and identity (Alipay). */
export const asksOwnPrivacyNotice = false;

/** The popup's agree button must be the host's privacy button (WeChat checks it was tapped). */
export const agreeButtonOpenType: 'agreePrivacyAuthorization' | undefined = undefined;
