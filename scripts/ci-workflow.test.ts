/**
 * The GitHub workflow runs `npm test`'s steps one by one (so that a red run names its step); these tests keep it
 * from drifting away from what `npm test` runs (scripts/test-all.ts), and keep the release workflow on it.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { incrementalFile, MUTATION_REPORT } from '../stryker.config.ts'

const read = (path: string) => readFileSync(resolve(import.meta.dirname, '..', path), 'utf8')

/** The npm scripts `npm test` runs, in its order: `npmScript('<name>', '<script>'…)` in test-all.ts. */
function testAllScripts(source: string): string[] {
  return [...source.matchAll(/npmScript\(\s*'[^']*',\s*'([^']+)'/g)].map((match) => match[1] ?? '')
}

interface WorkflowStep {
  name: string
  condition: string
  script: string
}

/** The steps of ci.yml that run an npm script (`run: [xvfb-run …] npm run <script>`), in file order. */
function workflowScriptSteps(workflow: string): WorkflowStep[] {
  const blocks = workflow.split(/\n(?= {6}- )/)
  const steps: WorkflowStep[] = []
  for (const block of blocks) {
    const script = /\n\s+run: (?:xvfb-run \S+ )?npm run ([\w:-]+)\s*$/m.exec(block)?.[1]
    if (script === undefined) continue
    steps.push({
      name: /- name: (.*)/.exec(block)?.[1] ?? '',
      condition: /\n\s+if: (.*)/.exec(block)?.[1] ?? '',
      script,
    })
  }
  return steps
}

/** Consecutive steps running the same script (one per OS) count once. */
const inOrder = (steps: WorkflowStep[]) =>
  steps.map((step) => step.script).filter((script, index, all) => script !== all[index - 1])

describe('the CI workflow', () => {
  const workflow = read('.github/workflows/ci.yml')

  it("runs exactly npm test's steps, in its order, each as a step of its own", () => {
    const expected = testAllScripts(read('scripts/test-all.ts'))
    expect(expected).toEqual([
      'format:check',
      'lint',
      'typecheck',
      'test:unit',
      'test:e2e',
      'check:packaging',
    ])
    expect(inOrder(workflowScriptSteps(workflow))).toEqual(expected)
  })

  it('runs every step even when an earlier one failed, as npm test does, and names the script it runs', () => {
    const steps = workflowScriptSteps(workflow)
    expect(steps.length).toBeGreaterThanOrEqual(6)
    for (const step of steps) {
      expect(step.condition, step.name).toContain('!cancelled()')
      expect(step.name, step.script).toContain(`npm run ${step.script}`)
    }
  })

  it('finds a step that is missing or out of order (the check itself)', () => {
    const expected = testAllScripts(read('scripts/test-all.ts'))
    const swapped = workflow
      .replace('run: npm run lint\n', 'run: npm run TYPES\n')
      .replace('run: npm run typecheck\n', 'run: npm run lint\n')
      .replace('run: npm run TYPES\n', 'run: npm run typecheck\n')
    expect(inOrder(workflowScriptSteps(swapped))).not.toEqual(expected)
    const withoutPackaging = workflow.replace('run: npm run check:packaging\n', 'run: echo skipped\n')
    expect(inOrder(workflowScriptSteps(withoutPackaging))).not.toEqual(expected)
  })

  it('can be called by another workflow, and the release calls it instead of repeating its steps', () => {
    expect(workflow).toMatch(/^on:\n(?: {2}\S.*\n)*? {2}workflow_call:/m)
    const release = read('.github/workflows/release.yml')
    expect(release).toMatch(/^ {2}test:\n(?: {4}#.*\n)* {4}uses: \.\/\.github\/workflows\/ci\.yml$/m)
    expect(release).toMatch(/^ {2}publish:\n(?: {4}.*\n)*? {4}needs: test$/m)
    expect(release).not.toContain('npm test')
    expect(release).not.toContain('npm run test:')
  })
})

describe('the mutation workflow', () => {
  const workflow = read('.github/workflows/mutation.yml')

  it('runs npm run test:mutation on a schedule and by hand, never on a push', () => {
    expect(workflow).toMatch(/^on:\n {2}schedule:\n(?: {4}.*\n)+ {2}workflow_dispatch:\n\n/m)
    expect(workflow).not.toMatch(/^ {2}(push|pull_request):/m)
    expect(workflow).toContain('run: npm run test:mutation\n')
  })

  it('caches the file the whole run keeps for its next incremental run', () => {
    expect(workflow).toContain(`path: ${incrementalFile(MUTATION_REPORT)}\n`)
  })
})

describe('.ci/run', () => {
  it('is exactly the README test command', () => {
    const commands = read('.ci/run')
      .split('\n')
      .map((line) => line.trim())
      .filter(
        (line) => line !== '' && !line.startsWith('#') && !line.startsWith('set ') && !line.startsWith('cd '),
      )
    expect(commands).toEqual(['npm ci && npm test'])
    expect(read('README.md')).toContain('npm ci && npm test')
  })
})
