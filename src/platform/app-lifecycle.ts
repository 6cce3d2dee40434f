/** App-level lifecycle hooks, re-exported so only platform/ imports Taro's runtime. */
export { useLaunch as useAppLaunch } from '@tarojs/taro';
