import type { UserConfigExport } from '@tarojs/cli';

export default {
  mini: {},
  h5: {
    // Hashed file names make every asset immutable; the server caches them for a year.
    enableExtract: true,
  },
} satisfies UserConfigExport<'webpack5'>;
