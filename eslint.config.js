import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Imports that would break the design's boundaries (see ../shared/design.md, "The house"). */
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

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
