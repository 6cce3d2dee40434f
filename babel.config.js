// babel-preset-taro is the compiler for every target; jest uses the same preset through
// @tarojs/test-utils-react's transformer.
//
// The H5 app targets the browsers our users open it in: WeChat's and Alipay's in-app browsers
// (Chromium 86+ on Android), Chrome, and Safari from iOS 13 — async/await, classes, spread and
// optional chaining run natively there, so they are not rewritten into ES5 helpers and
// regenerator code (larger, slower to parse and run). The mini-programs keep package.json's
// browserslist: their JavaScript engines (JavaScriptCore on older iPhones) lag behind.
const H5_TARGETS = ['chrome >= 80', 'android >= 80', 'ios_saf >= 13', 'safari >= 13'];

module.exports = {
  presets: [
    [
      'taro',
      {
        framework: 'react',
        ts: true,
        compiler: 'webpack5',
        ...(process.env.TARO_ENV === 'h5' ? { targets: H5_TARGETS } : {}),
      },
    ],
  ],
};
