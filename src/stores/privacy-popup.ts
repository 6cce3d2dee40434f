/**
 * The host privacy popup's state: open while WeChat (onNeedPrivacyAuthorization) or, on Alipay,
 * the app itself waits for the user to agree before a call that collects personal data.
 */
import { create } from 'zustand';
import {
  asksOwnPrivacyNotice,
  listenPrivacyAuthorization,
  type PrivacyAnswer,
} from '../platform/privacy';
import { getPrivacyNoticeAgreed, setPrivacyNoticeAgreed } from '../platform/storage';

/** The version of the privacy notice the Alipay popup asks for; bump with the policy text. */
export const PRIVACY_NOTICE_VERSION = '2026-11-25';

interface PrivacyPopupState {
  /** Answers waiting for the user; the popup is open while there is one. */
  waiting: PrivacyAnswer[];
  show(answer: PrivacyAnswer): void;
  /** The user tapped agree or decline: every waiting call gets the answer. */
  settle(agreed: boolean): void;
}

export const usePrivacyPopup = create<PrivacyPopupState>((set, get) => ({
  waiting: [],
  show(answer) {
    set({ waiting: [...get().waiting, answer] });
  },
  settle(agreed) {
    const waiting = get().waiting;
    set({ waiting: [] });
    for (const answer of waiting) answer(agreed);
  },
}));

/** At launch: WeChat's privacy requests open the popup. */
export function installPrivacyListener(): void {
  listenPrivacyAuthorization((answer) => usePrivacyPopup.getState().show(answer));
}

/**
 * Before phone number, location or identity: on Alipay, the app's own notice (once per brand
 * and notice version); elsewhere true at once (WeChat asks through its hook, H5 at login).
 */
export function ensurePrivacyNotice(): Promise<boolean> {
  if (!asksOwnPrivacyNotice || getPrivacyNoticeAgreed() === PRIVACY_NOTICE_VERSION) {
    return Promise.resolve(true);
  }
  return new Promise((resolve) =>
    usePrivacyPopup.getState().show((agreed) => {
      if (agreed) setPrivacyNoticeAgreed(PRIVACY_NOTICE_VERSION);
      resolve(agreed);
    }),
  );
}
