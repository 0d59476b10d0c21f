import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import { layersRule } from './scripts/lint/layers-rule.js'

/** Package imports that would break the design's boundaries (see docs/architecture.md). */
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

/**
 * The layers a file may not reach through a local import, checked on the resolved path from the repository root
 * (scripts/lint/layers-rule.js; scripts/lint/layers.test.ts proves each one fires).
 */
const LAYER = {
  testCode: {
    pattern: String.raw`^test-support/|\.test\.tsx?$`,
    message: 'Production code imports no test code: test helpers live in test-support/ for tests only.',
  },
  e2e: {
    pattern: '^e2e/',
    message: 'Production code imports nothing from e2e/ (the mock platform is started as its own process).',
  },
  web: {
    pattern: '^src-main/web/',
    message: 'The core knows no host: web mode plugs into it through ports.',
  },
  electron: {
    pattern: '^src-main/electron/',
    message: 'The core knows no host: Electron plugs into it through ports in src-main/electron.',
  },
  main: {
    pattern: '^src-main/',
    message: 'The renderer talks to the main process only through the contract in src-shared.',
  },
  outsideShared: {
    pattern: '^(?!src-shared/)',
    message: 'src-shared is shared by both sides, so it imports nothing outside src-shared.',
  },
}
const TESTS = ['**/*.test.ts', '**/*.test.tsx']
const layers = (...forbidden) => ({ 'layers/local-imports': ['error', ...forbidden] })

/** `describe.only`, `it.only`, `test.only`, `test.describe.only`…: a focused test silently skips the rest. */
const FOCUSED = '^(describe|it|test|suite|bench)$'
const noFocusedTests = {
  'no-restricted-syntax': [
    'error',
    ...[
      `MemberExpression[property.name='only'][object.name=/${FOCUSED}/]`,
      `MemberExpression[property.name='only'][object.property.name=/${FOCUSED}/]`,
    ].map((selector) => ({
      selector,
      message: 'No `.only`: it runs a fraction of the suite and still reports success.',
    })),
  ],
}

export default tseslint.config(
  {
    ignores: [
      'out/',
      'dist/',
      'release/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.mock-platform/',
      // Stryker's sandboxes (a copy of the project) while a mutation run lasts.
      '.stryker-tmp*/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      ...noFocusedTests,
    },
  },
  { plugins: { layers: { rules: { 'local-imports': layersRule } } } },
  // Later blocks replace the rule's options for the files they match, so each block lists its group's full set.
  { files: ['src-main/**/*.ts'], ignores: TESTS, rules: layers(LAYER.testCode, LAYER.e2e) },
  {
    files: ['src-main/core/**/*.ts'],
    ignores: TESTS,
    rules: layers(LAYER.testCode, LAYER.e2e, LAYER.web, LAYER.electron),
  },
  { files: ['src-renderer/**/*.{ts,tsx}'], rules: layers(LAYER.main) },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: layers(LAYER.main, LAYER.testCode, LAYER.e2e),
  },
  { files: ['src-shared/**/*.ts'], rules: layers(LAYER.outsideShared) },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary([
        {
          group: ['electron', 'node:*'],
          message: 'The renderer has no Node or Electron: go through window.api.',
        },
        {
          group: ['**/src-main/**'],
          message: 'The renderer talks to the main process only through the contract.',
        },
      ]),
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: boundary([
      {
        group: ['**/src-main/**', '**/src-renderer/**', 'electron', 'node:*'],
        message: 'src-shared imports nothing from either side.',
      },
    ]),
  },
  {
    files: ['src-main/core/**/*.ts', 'src-main/web/**/*.ts'],
    rules: boundary([
      {
        group: ['electron'],
        message: 'The core is plain Node: Electron reaches it only through adapters in src-main/electron.',
      },
    ]),
  },
)
