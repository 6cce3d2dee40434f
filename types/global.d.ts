/// <reference types="@tarojs/taro" />

declare module '*.png';
declare module '*.gif';
declare module '*.jpg';
declare module '*.jpeg';
declare module '*.svg';
declare module '*.css';
declare module '*.scss';

declare namespace NodeJS {
  interface ProcessEnv {
    TARO_ENV?: 'weapp' | 'alipay' | 'h5';
    /** API origin for mini-program builds; empty on H5, which is served by the API itself. */
    TARO_APP_API_BASE?: string;
    TARO_APP_CLIENT_ID?: string;
    TARO_APP_CLIENT_SECRET?: string;
    /** Build-time default brand (1-9). */
    TARO_APP_BRAND?: string;
  }
}
