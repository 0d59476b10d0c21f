import { defineConfig } from 'vitest/config'

// Two projects because the two sides run in different worlds: the core, the contract and the mock
// platform under Node; the renderer's components in a DOM (jsdom).
export default defineConfig({
  test: {
    // A stray `.only` would quietly run a fraction of the suite and still say "passed": refused everywhere.
    allowOnly: false,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src-main/**/*.test.ts',
            'src-shared/**/*.test.ts',
            'e2e/mock-platform/**/*.test.ts',
            'e2e/support/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'renderer',
          // Loading jsdom costs about 0.3 s per test file (and per mutant in a Stryker run): a `.test.ts` of pure
          // rules that needs no DOM says `// @vitest-environment node` on its first line.
          environment: 'jsdom',
          include: ['src-renderer/**/*.test.ts', 'src-renderer/**/*.test.tsx'],
        },
      },
    ],
  },
})
