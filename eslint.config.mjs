import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jest from 'eslint-plugin-jest';
import globals from 'globals';
import { layerConfigs } from './tooling/eslint/layers.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '.tmp/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
      'api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...layerConfigs,
  {
    // The website script runs on every customer page: it may import only `contracts/script` (no zod);
    // types from the package index are fine (`import type` is erased).
    files: ['website-script/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'contracts', message: "Import 'contracts/script' (zod-free); the index pulls zod into the script.", allowTypeImports: true }],
          patterns: [{ group: ['contracts/*', '!contracts/script'], message: "Only 'contracts/script' may be imported by the website script." }],
        },
      ],
    },
  },
  {
    // A committed .only runs one test and reports the rest as if they passed nothing; a committed
    // .skip/xit/xdescribe hides a test for good. Jest's counterpart of Playwright's forbidOnly (e2e).
    // A test that cannot run on some machine says so at run time, not by a committed skip.
    files: ['**/*.test.{ts,tsx,mjs,cjs,js}'],
    plugins: { jest },
    settings: { jest: { version: 30 } },
    rules: { 'jest/no-focused-tests': 'error', 'jest/no-disabled-tests': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
