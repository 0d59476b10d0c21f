// Stryker's runs only (vitest.stryker.config.ts): within a test file, the tests that failed most recently run
// first. A mutant's run stops at its first failing test (bail), and the next mutant, usually its neighbour in the
// same code, is most often killed by the same test; in Vitest's own order it waits behind every test above it in
// the file (in the drop folder's files, seconds of real file-system waits). The sequencer there orders the files;
// this orders the tests inside them. Tests do not depend on their order (`vitest --sequence.shuffle` passes).
import { readFileSync, writeFileSync } from 'node:fs'
import { TestRunner, type RunnerTask, type RunnerTestFile, type RunnerTestSuite } from 'vitest'

/** Each Stryker worker runs its own Vitest, in its own process, each with its own record (in the sandbox). */
const RECORD = `.stryker-killers-${process.env['STRYKER_MUTATOR_WORKER'] ?? '0'}.json`
/** A few per file: the neighbouring mutants of a line are often killed by two or three tests in turn. */
const KEPT_PER_FILE = 5

/** Per test file, the ids of the tests that failed last, the most recent first. */
type Killers = Record<string, string[]>

function readKillers(): Killers {
  try {
    return JSON.parse(readFileSync(RECORD, 'utf8')) as Killers
  } catch {
    return {} // no test has failed yet in this worker
  }
}

/** How soon a task should run: the rank of the most recent failure within it, or never failed (Infinity). */
function rankOf(task: RunnerTask, killers: string[]): number {
  if (task.type === 'suite') return Math.min(Infinity, ...task.tasks.map((child) => rankOf(child, killers)))
  const rank = killers.indexOf(task.id)
  return rank === -1 ? Infinity : rank
}

function putKillersFirst(suite: RunnerTestSuite | RunnerTestFile, killers: string[]): void {
  // A stable sort: tests that never failed keep the file's order.
  suite.tasks.sort((a, b) => rankOf(a, killers) - rankOf(b, killers))
  for (const task of suite.tasks) if (task.type === 'suite') putKillersFirst(task, killers)
}

export default class KillSoonestRunner extends TestRunner {
  onCollected(files: RunnerTestFile[]): void {
    const killers = readKillers()
    for (const file of files) {
      const ids = killers[file.filepath]
      if (ids !== undefined) putKillersFirst(file, ids)
    }
  }

  override onAfterRunTask(task: RunnerTask): void {
    super.onAfterRunTask(task)
    if (task.type !== 'test' || task.result?.state !== 'fail') return
    const killers = readKillers()
    const before = killers[task.file.filepath] ?? []
    killers[task.file.filepath] = [task.id, ...before.filter((id) => id !== task.id)].slice(0, KEPT_PER_FILE)
    writeFileSync(RECORD, JSON.stringify(killers))
  }
}
