// One linter for the storefront, the server, the contract and the scripts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import zones from './eslint/zones.mjs';

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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // ARCHITECTURE.md: only src/platform touches Taro's APIs (type imports aside).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tarojs/taro',
              allowTypeImports: true,
              message: 'Only src/platform/** may call Taro APIs; add a function there.',
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
    files: ['src/platform/**', 'src/**/*.test.{ts,tsx}', 'src/app.config.ts', 'src/**/*.config.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' },
  },
);
