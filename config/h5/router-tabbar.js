// Stands in for @tarojs/router/dist/tabbar.js in the H5 build (config/index.ts). The app draws
// its own tab bar (src/components/tab-bar) and sets `tabBar.custom`, so Taro's initTabbar returns
// before doing anything; but its static import of the Stencil tab-bar component would still pull
// the Stencil runtime (~14 KB gzip) into the first route. This module does what Taro's does with
// a custom tab bar: nothing.
export function initTabbar() {}
