// D38: a stray `.only` must fail the run everywhere, not only where `CI` is set. The two runners'
// settings are read from their real config files, and the lint rule is run through ESLint on snippets.
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'
import playwrightConfig from '../../playwright.config.ts'
import vitestConfig from '../../vitest.config.ts'

// An existing file of the type-checked project, so that the real config (with its project service) applies.
const LINTED_AS = 'scripts/test-run/no-focused-tests.test.ts'

const FOCUSED_MESSAGE =
  'no-restricted-syntax: No `.only`: it runs a fraction of the suite and still reports success.'

// One ESLint for every case: its first lint builds the type-checked program (seconds, more on a loaded machine),
// which the warm-up below pays once under a hook's own time limit instead of inside the first case's.
const eslint = new ESLint({ cwd: process.cwd() })

async function lint(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: LINTED_AS })
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`)
}

describe('a focused test (.only) is refused', () => {
  beforeAll(async () => {
    await lint('export {}\n')
  }, 120_000)

  it('by Playwright whether or not CI is set', () => {
    expect(playwrightConfig.forbidOnly).toBe(true)
  })

  it('by Vitest whether or not CI is set', () => {
    expect(vitestConfig.test?.allowOnly).toBe(false)
  })

  it.each([
    ['describe.only', "describe.only('a', () => {})"],
    ['it.only', "it.only('a', () => {})"],
    ['test.only', "test.only('a', () => {})"],
    ['describe.only.each', "describe.only.each([1])('a %s', () => {})"],
    ['it.only.each', "it.only.each([1])('a %s', () => {})"],
  ])('by the lint rule: %s', async (_name, call) => {
    const messages = await lint(`import { describe, it, test } from 'vitest'\n${call}\n`)
    expect(messages).toContain(FOCUSED_MESSAGE)
  })

  it("by the lint rule: Playwright's test.describe.only", async () => {
    const messages = await lint(
      "import { test } from '@playwright/test'\ntest.describe.only('a', () => {})\n",
    )
    expect(messages).toContain(FOCUSED_MESSAGE)
  })

  it('while the lint rule lets ordinary tests and other `.only` properties through', async () => {
    const messages = await lint(
      "import { it } from 'vitest'\nconst options = { only: true }\nit('a', () => options.only)\n",
    )
    expect(messages).toEqual([])
  })
})
