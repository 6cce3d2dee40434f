// One linter for the storefront, the server, the contract and the scripts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import zones from './eslint/zones.mjs';

// ARCHITECTURE.md: only src/platform touches Taro's APIs (type imports aside).
const TARO_APIS_ONLY_IN_PLATFORM = {
  name: '@tarojs/taro',
  allowTypeImports: true,
  message: 'Only src/platform/** may call Taro APIs; add a function there.',
};

// Packages every server and test process would pay for at start (import CPU measured 28 Nov,
// ~0.03–0.5 s each) although only some routes or the live providers use them: imported where they
// are used, with `await import()` (types with `import type`), e.g. server/src/lib/spreadsheet.ts.
const LOADED_ON_FIRST_USE = [
  'exceljs',
  'sanitize-html',
  '@aws-sdk/client-s3',
  'sharp',
  'ioredis',
  '@node-rs/argon2',
  'otplib',
  'wechatpay-axios-plugin',
  'alipay-sdk',
  '@alicloud/dysmsapi20170525',
  '@alicloud/openapi-client',
  '@alicloud/tea-util',
].map((name) => ({
  name,
  allowTypeImports: true,
  message:
    'Loaded at start by every server and test process: `await import()` it where it is used.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'reports/**',
      'data/**',
      'src/static/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // The zones: server ↛ src, src ↛ server, feature ↛ other feature, platform ↛ features and
    // pages, contract (the shared kernel) ↛ src and server; server/src/routes ↛ the database.
    // See eslint/zones.mjs.
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { zones },
    rules: { 'zones/no-cross-zone': 'error', 'zones/no-database-in-routes': 'error' },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: LOADED_ON_FIRST_USE }] },
  },
  {
    // The live providers' SDK adapters, themselves imported only when that provider is live
    // (providers/index.ts liveModules), and the seed's picture generator (a script).
    files: [
      'server/src/payments/wechatpay.ts',
      'server/src/providers/alipay/client.ts',
      'server/src/providers/sms/live.ts',
      'server/src/seed/generate-images.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The merchant console (admin/, Vite + antd): a plain React app, no Taro, no platform layer.
    files: ['admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            TARO_APIS_ONLY_IN_PLATFORM,
            {
              // Lighthouse on the order pages: an aria-label on Taro's Image box is not the
              // picture's on H5 (the img had no alt); Picture puts it where each target reads it.
              name: '@tarojs/components',
              importNames: ['Image'],
              message:
                "Use components/picture's Picture (alt: what it shows, '' beside its caption).",
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'wx', message: 'Only src/platform/** may touch wx.' },
        { name: 'my', message: 'Only src/platform/** may touch my.' },
        { name: 'window', message: 'Only src/platform/** may touch window.' },
        { name: 'document', message: 'Only src/platform/** may touch document.' },
      ],
    },
  },
  {
    // Picture itself, and the tab bar's icons (hidden from screen readers beside their label).
    files: ['src/components/picture/**', 'src/components/tab-bar/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [TARO_APIS_ONLY_IN_PLATFORM] }] },
  },
  {
    files: ['src/platform/**', 'src/**/*.test.{ts,tsx}', 'src/app.config.ts', 'src/**/*.config.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' },
  },
);
