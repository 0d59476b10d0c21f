import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.ts'

// `npm run coverage`: the whole suite with V8 coverage of the app's own code (not the tests or their helpers).
// Reports go to coverage/ (HTML) and the terminal.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      coverage: {
        enabled: true,
        provider: 'v8',
        include: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-renderer/src/**/*.{ts,tsx}'],
        exclude: ['**/*.test.{ts,tsx}'],
        reporter: ['text-summary', 'html', 'json-summary'],
      },
    },
  }),
)
