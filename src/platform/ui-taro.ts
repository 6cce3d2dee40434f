import Taro from '@tarojs/taro';

/**
 * The target's own toast, loading, modal, clipboard, phone and image-chooser calls, in one
 * module so H5 can load them when first used (ui-load.h5.ts) instead of on the first route.
 */
export const uiCalls = {
  showToast: (options: Taro.showToast.Option) => Taro.showToast(options),
  showLoading: (options: Taro.showLoading.Option) => Taro.showLoading(options),
  hideLoading: () => Taro.hideLoading(),
  showModal: (options: Taro.showModal.Option) => Taro.showModal(options),
  setClipboardData: (options: Taro.setClipboardData.Option) => Taro.setClipboardData(options),
  makePhoneCall: (options: Taro.makePhoneCall.Option) => Taro.makePhoneCall(options),
  chooseImage: (options: Taro.chooseImage.Option) => Taro.chooseImage(options),
};

export type UiCalls = typeof uiCalls;
