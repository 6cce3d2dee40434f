// babel-preset-taro is the compiler for every target; jest uses the same preset through
// @tarojs/test-utils-react's transformer.
//
// The H5 app targets the browsers our users open it in: WeChat's and Alipay's in-app browsers
// (Chromium 86+ on Android), Chrome, and Safari from iOS 13 — async/await, classes, spread and
// optional chaining run natively there, so they are not rewritten into ES5 helpers and
// regenerator code (larger, slower to parse and run).
const H5_TARGETS = ['chrome >= 80', 'android >= 80', 'ios_saf >= 13', 'safari >= 13'];
// The mini-programs run in the engines WeChat 8 and Alipay 10 ship: JavaScriptCore from iOS 12
// (both apps' oldest supported iOS) and V8 on Android. Classes, async/await, spread and
// destructuring run natively there; rewritten to ES5 they cost the main package ~40 KB of
// helpers, regenerator state machines and class shims (issue 22). config/index.ts gives
// autoprefixer the same list.
const MINI_TARGETS = ['ios >= 12', 'chrome >= 66', 'android >= 66'];

module.exports = {
  presets: [
    [
      'taro',
      {
        framework: 'react',
        ts: true,
        compiler: 'webpack5',
        ...(process.env.TARO_ENV === 'h5' ? { targets: H5_TARGETS } : {}),
        ...(process.env.TARO_ENV === 'weapp' || process.env.TARO_ENV === 'alipay'
          ? { targets: MINI_TARGETS }
          : {}),
      },
    ],
  ],
};
