// Stands in for @tarojs/router/dist/navigationBar.js in the H5 build (config/index.ts). Every H5
// page draws its own navigation bar (components/nav-bar) and none asks for Taro's
// (navigationStyle 'default'), which the app's stylesheet hid anyway; Taro's built it all the same,
// with three inline SVG icons and its stylesheet (~3 KB gzip of the first route). Without the
// element Taro's navigation-bar handler does nothing but set document.title, as before.
export function initNavigationBar() {}
