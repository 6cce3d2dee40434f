// Taro's React runtime ships no typings for this entry; tests use one function of it.
declare module '@tarojs/plugin-framework-react/dist/runtime' {
  export function createH5NativeComponentConfig(
    component: unknown,
    react: unknown,
    reactDOM: unknown,
  ): unknown;
}
