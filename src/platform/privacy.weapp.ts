import { AGREE_BUTTON_ID, type PrivacyAnswer } from './privacy-shared';

export { AGREE_BUTTON_ID, type PrivacyAnswer } from './privacy-shared';

interface WxPrivacyResolution {
  event: 'agree' | 'disagree';
  buttonId?: string;
}

interface WxPrivacyApi {
  onNeedPrivacyAuthorization?: (
    listener: (resolve: (result: WxPrivacyResolution) => void, eventInfo: unknown) => void,
  ) => void;
}

declare const wx: WxPrivacyApi;

/**
 * WeChat (base library 2.32.3+, with `__usePrivacyCheck__` in app.json): a privacy API called
 * before the user agreed fires this; the call waits until `resolve` says agree or disagree, and
 * WeChat checks that the agree button (open-type agreePrivacyAuthorization) was really tapped.
 */
export function listenPrivacyAuthorization(onNeed: (answer: PrivacyAnswer) => void): void {
  // NOTE(weapp): older base libraries lack the hook; their privacy APIs simply run.
  if (typeof wx.onNeedPrivacyAuthorization !== 'function') return;
  wx.onNeedPrivacyAuthorization((resolve) => {
    onNeed((agreed) =>
      resolve(agreed ? { event: 'agree', buttonId: AGREE_BUTTON_ID } : { event: 'disagree' }),
    );
  });
}

export const asksOwnPrivacyNotice = false;

export const agreeButtonOpenType: 'agreePrivacyAuthorization' | undefined =
  'agreePrivacyAuthorization';
