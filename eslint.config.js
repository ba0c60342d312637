import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './tools/eslint/feature-boundaries.js';
import featureBoundariesPlugin from './tools/eslint/feature-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // Features import each other only through their index.ts; catalogue areas are features too.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { local: featureBoundariesPlugin },
    rules: { 'local/feature-boundaries': ['error', { groups: ['catalogue', 'selling', 'operations'] }] },
  },
  {
    // So do pages, layouts and the app's wiring outside features/ (issue 21 item 1); tests
    // outside features may still set up a feature's internals.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { local: featureBoundariesPlugin },
    rules: { 'local/feature-boundaries': ['error', { groups: ['catalogue', 'selling', 'operations'], fromOutside: true }] },
  },
  {
    // Server features import each other only through `features/<name>/index.ts`; each catalogue
    // area (features/catalogue/<area>) is a feature of its own (decision 002).
    files: ['apps/server/src/**/*.ts'],
    plugins: { local: featureBoundaries },
    rules: { 'local/feature-boundaries': ['error', { groups: ['catalogue', 'selling', 'operations'] }] },
  },
  {
    files: ['bench/**', 'e2e/**', 'chaos/**', 'tools/check-engines.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off' },
  },
);
