// Stryker's runs only (vitest.stryker.config.ts): within a test file, the tests that failed most recently run
// first, then the others quickest first. A mutant's run stops at its first failing test (bail), and the next
// mutant, usually its neighbour in the same code, is most often killed by the same test; in Vitest's own order it
// waits behind every test above it in the file (in the drop folder's files, seconds of real file-system waits).
// A mutant killed by another test meets the quick ones first. The sequencer there orders the files; this orders
// the tests inside them. Tests do not depend on their order (`vitest --sequence.shuffle` passes).
import { readFileSync, writeFileSync } from 'node:fs'
import { TestRunner, type RunnerTask, type RunnerTestFile, type RunnerTestSuite } from 'vitest'

/** Each Stryker worker runs its own Vitest, in its own process, each with its own memory file (in the sandbox). */
const MEMORY_FILE = `.stryker-order-${process.env['STRYKER_MUTATOR_WORKER'] ?? '0'}.json`
/** A few per file: the neighbouring mutants of a line are often killed by two or three tests in turn. */
const KEPT_PER_FILE = 5

/** Per test file: the ids of the tests that failed last, the most recent first, and each test's quickest pass (ms). */
type Memory = Partial<{ [file: string]: { failed: string[]; took: { [test: string]: number } } }>

function readMemory(): Memory {
  try {
    return JSON.parse(readFileSync(MEMORY_FILE, 'utf8')) as Memory
  } catch {
    return {} // nothing has run yet in this worker
  }
}

/** How soon a task should run: the rank of the most recent failure within it, or never failed (Infinity). */
function rankOf(task: RunnerTask, failed: string[]): number {
  if (task.type === 'suite') return Math.min(Infinity, ...task.tasks.map((child) => rankOf(child, failed)))
  const rank = failed.indexOf(task.id)
  return rank === -1 ? Infinity : rank
}

/** How long a task took when it passed (a suite: all its tests); never seen pass: after those that were. */
function tookOf(task: RunnerTask, took: { [test: string]: number }): number {
  if (task.type === 'suite') return task.tasks.reduce((sum, child) => sum + tookOf(child, took), 0)
  return took[task.id] ?? Infinity
}

function order(
  suite: RunnerTestSuite | RunnerTestFile,
  failed: string[],
  took: { [test: string]: number },
): void {
  // A stable sort: tests with nothing known keep the file's order.
  suite.tasks.sort((a, b) => rankOf(a, failed) - rankOf(b, failed) || tookOf(a, took) - tookOf(b, took) || 0)
  for (const task of suite.tasks) if (task.type === 'suite') order(task, failed, took)
}

export default class KillSoonestRunner extends TestRunner {
  /** What this file's run adds to the memory, written once at its end. */
  readonly #failed: string[] = []
  readonly #took = new Map<string, number>()

  onCollected(files: RunnerTestFile[]): void {
    const memory = readMemory()
    for (const file of files) {
      const known = memory[file.filepath]
      if (known !== undefined) order(file, known.failed, known.took)
    }
  }

  override onAfterRunTask(task: RunnerTask): void {
    super.onAfterRunTask(task)
    if (task.type !== 'test') return
    if (task.result?.state === 'fail') this.#failed.push(task.id)
    const duration = task.result?.duration
    if (task.result?.state === 'pass' && duration !== undefined) this.#took.set(task.id, duration)
  }

  override onAfterRunFiles(files: RunnerTestFile[]): void {
    super.onAfterRunFiles(files)
    const memory = readMemory()
    for (const file of files) {
      const known = memory[file.filepath] ?? { failed: [], took: {} }
      const failed = this.#failed.filter((id) => id.startsWith(file.id))
      known.failed = [...failed, ...known.failed.filter((id) => !failed.includes(id))].slice(0, KEPT_PER_FILE)
      for (const [id, ms] of this.#took)
        if (id.startsWith(file.id)) known.took[id] = Math.min(ms, known.took[id] ?? Infinity)
      memory[file.filepath] = known
    }
    writeFileSync(MEMORY_FILE, JSON.stringify(memory))
  }
}
