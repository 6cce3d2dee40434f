import type { UserConfigExport } from '@tarojs/cli';

export default {
  // Taro's mini-program terser options set `ascii_only`, which writes every Chinese character as
  // a 6-byte `\uXXXX` escape instead of 3 UTF-8 bytes; WeChat and Alipay both read UTF-8 sources.
  //
  // Taro's mini-program defaults also switch off most of terser's compression (inlining,
  // variable collapsing, property and comparison rewrites) and print ES5. The engines the
  // mini-programs run in take ES2017 (babel.config.js MINI_TARGETS), so terser's own defaults
  // apply, with arrow functions, on Taro's runtime and ours alike (issue 22: the main package).
  // `typeofs` stays off: it rewrites `typeof x == "undefined"` checks of a host's globals.
  ...(process.env.TARO_ENV === 'h5'
    ? {}
    : {
        terser: {
          enable: true,
          config: {
            compress: {
              ecma: 2017,
              arrows: true,
              collapse_vars: true,
              comparisons: true,
              computed_props: true,
              hoist_props: true,
              inline: true,
              loops: true,
              negate_iife: true,
              properties: true,
              reduce_funcs: true,
              reduce_vars: true,
              switches: true,
              passes: 2,
            },
            output: { ecma: 2017, ascii_only: false },
          },
        },
      }),
  mini: {},
  h5: {
    // Hashed file names make every asset immutable; the server caches them for a year.
    enableExtract: true,
  },
} satisfies UserConfigExport<'webpack5'>;
