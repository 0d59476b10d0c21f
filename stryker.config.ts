// Mutation testing (issue 23): `npm run test:mutation`. Stryker changes the code where the rules live, one small
// change (a mutant) at a time, and runs the tests that cover it; a mutant no test notices is a rule the suite does
// not pin. Not part of `npm test`: a full run takes a while (docs/development.md).

/**
 * The areas scored apart, each with the files it mutates (globs from the project root, test files excluded).
 * scripts/mutation.ts prints a score for each; `npm run test:mutation -- --area <name>` runs one.
 */
export const MUTATION_AREAS: Record<string, string[]> = {
  'outbox and journal': [
    'src-main/core/orders/{handover-outbox,outbox-journal,journal-compaction,attempt-outcome,retry-policy}.ts',
    'src-main/core/storage/{journal,file-journal}.ts',
  ],
  'session and its timers': ['src-main/core/session/{session,token-expiry}.ts'],
  'platform client and error mapping': [
    'src-main/core/platform/{platform-client,platform-clients,platform-error,transport-failure,bounded-fetch}.ts',
  ],
  'intake guards and inputs': [
    'src-main/core/intake/{http-guards,intake-signature,intake-key,rate-limiter,order-input,order-link,drop-file}.ts',
    'src-main/core/orders/order-id.ts',
    'src-shared/order-label.ts',
  ],
  'board rules': [
    'src-main/core/orders/order-board.ts',
    'src-shared/order-rules.ts',
    'src-renderer/src/screens/board/board-rules.ts',
  ],
  scanner: [
    'src-renderer/src/screens/board/{scanner-redirect,use-order-scan,read-scan,scan-layouts,scan-keys}.ts',
  ],
  'courier ledger': [
    'src-main/core/couriers/{branch-list,courier-day,courier-ledger,courier-records,couriers-out,day-end,day-end-csv,ledger-files}.ts',
    'src-shared/{money,courier-rules}.ts',
  ],
  // Issue 27: where the drop folder, the intake's ways in, the attention and the secrets keep their rules.
  'drop folder': ['src-main/core/intake/drop-folder.ts'],
  'intake area and server': ['src-main/core/intake/{intake-area,intake-server,intake-routes}.ts'],
  attention: ['src-main/core/attention/{attention-rules,attention-tracker}.ts'],
  'credential vault and redactor': [
    'src-main/core/secrets/credential-vault.ts',
    'src-main/core/logging/secret-redactor.ts',
  ],
}

export const MUTATION_REPORT = 'reports/mutation/mutation.json'

/** Where scripts/mutation.ts keeps a report's results for the next incremental run (and the workflow caches them). */
export function incrementalFile(report: string): string {
  return report.replace(/\.json$/, '.incremental.json')
}

// Stryker imports this file itself (Node >= 22.18 strips its types): plain objects only.
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Each mutant runs only the test files that import the mutated file (the node and renderer projects alike), in
  // the order that ends a mutant's run soonest (vitest.stryker.config.ts).
  vitest: { configFile: 'vitest.stryker.config.ts', related: true },
  mutate: [...Object.values(MUTATION_AREAS).flat(), '!**/*.test.*'],
  // Four runs at once on two cores: the drop folder's and the intake's tests mostly wait on real files, timers and
  // sockets (at two, the CPU was 72% idle through that part of a run). On samples of 123 and 193 mutants, four
  // took the drop folder's from 143 to 114 s and the scanner's (CPU-bound, jsdom) from 138 to 128 s, with the
  // same verdict for every mutant. On a machine busy with other work, `-- --concurrency 1`.
  concurrency: 4,
  // The first run of the related tests took over Stryker's default 5 minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  // Left out: the tests over the real HTTPS mock platform and the one that launches processes. They cost most of
  // the run (about 60% of the session area's test time), their real timeouts made them fail under Stryker's
  // load, and every rule they cover must also be pinned by a unit test beside its module.
  testFiles: ['**/!(app.integration|hostile-platform|intake.launch).test.ts', '**/*.test.tsx'],
  // Static mutants (module-level values, run once at import) are left out of the score: with `testFiles` set,
  // Stryker 10 switches them on only after the module was imported, so they were reported as survived whatever
  // the tests do (stryker-js #6144, #6209), and runs that did reload them timed out under load instead. The
  // unit tests beside each module still pin those values (e.g. token-expiry.test reads a date the regex must take).
  ignoreStatic: true,
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  // scripts/mutation.ts names the report of a run of some areas after them.
  jsonReporter: { fileName: process.env['MUTATION_REPORT'] ?? MUTATION_REPORT },
  htmlReporter: { fileName: (process.env['MUTATION_REPORT'] ?? MUTATION_REPORT).replace(/\.json$/, '.html') },
  thresholds: { high: 90, low: 85, break: null },
  // What a test run never reads stays out of Stryker's sandbox copy.
  ignorePatterns: [
    'out',
    'dist',
    'release',
    'coverage',
    'reports',
    'test-results',
    'playwright-report',
    '.tools',
    '.data',
    '.mock-platform',
    'bench',
    'resources',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
