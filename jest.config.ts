import defineJestConfig from '@tarojs/test-utils-react/dist/jest.js';

const transformer = require.resolve('@tarojs/test-utils-react/dist/jest/babel-transformer.js');
const utilsSetup = require.resolve('@tarojs/test-utils-react/dist/jest/jest.setup.js');

const ESM_PACKAGES = [
  '@tarojs',
  '@stencil/core',
  'swiper',
  'ssr-window',
  'dom7',
  'query-string',
  'decode-uri-component',
  'filter-obj',
  'split-on-first',
  'lodash-es',
  'style-inject',
  'tslib',
  // Taro's packages bundle some dependencies under their own node_modules/.pnpm.
  '\\.pnpm',
];

export default defineJestConfig({
  bail: 0,
  testEnvironment: 'jsdom',
  // TOOLCHAIN.md: the utils' own setup first, then load @tarojs/taro before any test imports the
  // utils, or a circular import (router → tabbar → taro-h5 → router) breaks `history`.
  setupFiles: [utilsSetup, '<rootDir>/test/setup-taro.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup-after-env.ts'],
  testMatch: [
    '<rootDir>/src/**/*.test.{ts,tsx}',
    '<rootDir>/test/**/*.test.{ts,tsx}',
    '<rootDir>/scripts/**/*.test.ts',
    '<rootDir>/contract/**/*.test.ts',
  ],
  // Only packages that ship ESM need Babel: Taro's and those its H5 runtime and components import
  // (found by running the suite on a cold cache). The rest of node_modules is CommonJS, and
  // transforming all of it (the utils' default) was most of a cold run.
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  // swiper and friends ship ESM (.mjs): transform those too.
  transform: {
    '^.+\\.(js|jsx|ts|tsx|mjs)$': transformer,
    '\\.(png|jpe?g|gif|webp|svg)$': '<rootDir>/test/stubs/file-transform.js',
  },
  // Tests run as the H5 target: `./theme` resolves to `theme.h5.ts` where one exists, as the H5
  // build does. Import a `.weapp.ts` / `.alipay.ts` / neutral `.ts` file by its full name to test it.
  moduleFileExtensions: ['h5.ts', 'h5.tsx', 'ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
  moduleNameMapper: {
    '\\.(css|scss|sass|less)$': '<rootDir>/test/stubs/style.ts',
    '^react-dom/test-utils$': '<rootDir>/test/stubs/react-dom-test-utils.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@contract/(.*)$': '<rootDir>/contract/$1',
    // The H5 page break is a top-level await (a timer before a page's first render), which
    // CommonJS tests cannot load; the neutral module is the same page without the pause.
    '/platform/page-break$': '<rootDir>/src/platform/page-break.ts',
  },
  collectCoverageFrom: [
    'src/**/*.{ts,tsx}',
    'contract/**/*.ts',
    '!src/**/*.test.{ts,tsx}',
    '!contract/**/*.test.ts',
  ],
});
