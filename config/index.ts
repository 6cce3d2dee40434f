import path from 'node:path';
import { defineConfig, type UserConfigExport } from '@tarojs/cli';
import devConfig from './dev';
import prodConfig from './prod';
import { BRAND_PLACEHOLDER } from '../scripts/brand-tokens';
import { H5_BASE_WIDTH, H5_MAX_DEVICE_WIDTH, rootFontSize } from '../src/constants';

const root = path.resolve(__dirname, '..');

/**
 * taro-ui is drawn for a 750 design width, our own styles for 375 (TOOLCHAIN.md). The H5 plugin
 * also calls this with a number while writing the root-font-size script, hence the loose input.
 */
function designWidth(input?: unknown): number {
  const file = (input as { file?: string } | undefined)?.file;
  return typeof file === 'string' && file.replace(/\\/g, '/').includes('/taro-ui/') ? 750 : 375;
}

// scripts/build.ts compiles each target once into a staging folder, then writes each brand's
// values into copies; a plain `taro build` lands in dist/<target>.
function outputRoot(): string {
  return process.env.TARO_OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`;
}

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'rental-storefront',
    date: '2026-11-21',
    designWidth,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: outputRoot(),
    plugins: [],
    defineConstants: {
      // A literal token that scripts/build.ts rewrites per brand in the mini-program copies, so
      // one compile serves nine brands (TOOLCHAIN.md "Brands").
      BUILD_BRAND: JSON.stringify(process.env.TARO_ENV === 'h5' ? '' : BRAND_PLACEHOLDER),
    },
    alias: {
      '@': path.resolve(root, 'src'),
      '@contract': path.resolve(root, 'contract'),
    },
    copy: {
      // Brand images and the tab icons of every brand. Mini-program artifacts keep only their
      // own brand's folder (scripts/build.ts prunes the rest); H5 serves all nine.
      patterns:
        process.env.TARO_ENV === 'h5'
          ? [
              { from: 'src/assets/brands/', to: `${outputRoot()}/static/brands/` },
              { from: 'src/static/chat/', to: `${outputRoot()}/static/chat/` },
            ]
          : [{ from: 'src/assets/brands/', to: `${outputRoot()}/assets/brands/` }],
      options: {},
    },
    framework: 'react',
    compiler: 'webpack5',
    // Off by default: Taro's cache key ignores our environment (TOOLCHAIN "persistent-cache trap").
    // Brand values never reach compiled code except as rewritable tokens, so enabling it is safe.
    cache: { enable: process.env.TARO_CACHE === '1', name: `${process.env.TARO_ENV}` },
    mini: {
      // contract/ sits beside src/ and is TypeScript too.
      compile: { include: [path.resolve(root, 'contract')] },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false },
      },
      optimizeMainPackage: { enable: true },
    },
    h5: {
      compile: { include: [path.resolve(root, 'contract')] },
      publicPath: '/',
      staticDirectory: 'static',
      router: { mode: 'hash' },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      imageUrlLoaderOption: { limit: 2048, name: 'static/images/[name].[contenthash:8].[ext]' },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        // Root font size = min(viewport, 960) / 23.4375 (src/constants.ts), i.e. 16px at the
        // 375 design width. Taro writes these into an inline script that sizes the first paint;
        // the app then keeps it up to date on resize (platform/viewport.h5.ts).
        pxtransform: {
          enable: true,
          config: {
            baseFontSize: rootFontSize(H5_BASE_WIDTH),
            minRootSize: 1,
            maxRootSize: rootFontSize(H5_MAX_DEVICE_WIDTH),
          },
        },
        cssModules: { enable: false },
      },
    },
  };
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig);
  return merge({}, baseConfig, prodConfig);
});
