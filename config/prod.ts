import type { UserConfigExport } from '@tarojs/cli';

export default {
  // Taro's mini-program terser options set `ascii_only`, which writes every Chinese character as
  // a 6-byte `\uXXXX` escape instead of 3 UTF-8 bytes; WeChat and Alipay both read UTF-8 sources.
  ...(process.env.TARO_ENV === 'h5'
    ? {}
    : { terser: { enable: true, config: { output: { ascii_only: false } } } }),
  mini: {},
  h5: {
    // Hashed file names make every asset immutable; the server caches them for a year.
    enableExtract: true,
  },
} satisfies UserConfigExport<'webpack5'>;
