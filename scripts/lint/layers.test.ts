// Proves each layering rule in eslint.config.js fires, and that the import each layer does allow passes:
// the real config is loaded, only the layering rule runs, on a one-line file placed where the case says.
import path from 'node:path'

import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..')

// Type information is not needed to read an import, and the snippets are not files a tsconfig knows.
const eslint = new ESLint({
  cwd: REPO_ROOT,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === 'layers/local-imports',
})

async function breaches(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, filePath) })
  if (result === undefined) throw new Error(`nothing linted for ${filePath}`)
  const fatal = result.messages.filter((message) => message.fatal === true)
  if (fatal.length > 0) throw new Error(`${filePath} does not parse: ${fatal[0]?.message ?? ''}`)
  return result.messages.map((message) => message.message)
}

interface LayerCase {
  rule: string
  breach: { file: string; code: string; says: string }
  allowed: { file: string; code: string }
}

const cases: LayerCase[] = [
  {
    rule: 'production code imports no test helper',
    breach: {
      file: 'src-main/core/session/probe.ts',
      code: "import { ManualClock } from '../../../test-support/core/manual-clock.ts'\n",
      says: 'imports no test code',
    },
    allowed: {
      file: 'src-main/core/session/probe.test.ts',
      code: "import { ManualClock } from '../../../test-support/core/manual-clock.ts'\n",
    },
  },
  {
    rule: 'production code imports no test file',
    breach: {
      file: 'src-renderer/src/screens/Probe.tsx',
      code: "export { renderScreen } from './HistoryScreen.test.tsx'\n",
      says: 'imports no test code',
    },
    allowed: {
      file: 'src-renderer/src/screens/Probe.tsx',
      code: "export { HistoryScreen } from './HistoryScreen.tsx'\n",
    },
  },
  {
    rule: 'production code imports nothing from e2e/',
    breach: {
      file: 'src-main/web/probe.ts',
      code: "const demo = await import('../../e2e/mock-platform/demo-data.ts')\n",
      says: 'nothing from e2e/',
    },
    allowed: {
      file: 'src-main/web/probe.test.ts',
      code: "import { startMockPlatform } from '../../e2e/mock-platform/server.ts'\n",
    },
  },
  {
    rule: 'the core imports nothing from web mode',
    breach: {
      file: 'src-main/core/probe.ts',
      code: "import { createNodeFetch } from '../web/node-fetch.ts'\n",
      says: 'web mode plugs into it',
    },
    allowed: { file: 'src-main/web/probe.ts', code: "import { createCore } from '../core/create-core.ts'\n" },
  },
  {
    rule: 'the core imports nothing from the Electron side',
    breach: {
      file: 'src-main/core/orders/probe.ts',
      code: "export * from '../../electron/main.ts'\n",
      says: 'Electron plugs into it',
    },
    allowed: {
      file: 'src-main/core/orders/probe.ts',
      code: "import { calls } from '../../../src-shared/contract.ts'\n",
    },
  },
  {
    rule: 'the renderer imports nothing from src-main',
    breach: {
      file: 'src-renderer/src/probe.test.ts',
      code: "import { createCore } from '../../src-main/core/create-core.ts'\n",
      says: 'only through the contract',
    },
    allowed: {
      file: 'src-renderer/src/probe.ts',
      code: "import { calls } from '../../src-shared/contract.ts'\n",
    },
  },
  {
    rule: 'src-shared imports nothing outside src-shared',
    breach: {
      file: 'src-shared/probe.ts',
      code: "import { tr } from '../src-renderer/src/i18n/tr.ts'\n",
      says: 'imports nothing outside src-shared',
    },
    allowed: {
      file: 'src-shared/probe.ts',
      code: "import { z } from 'zod'\nimport { calls } from './contract.ts'\n",
    },
  },
]

describe('the layering lint rule', () => {
  for (const { rule, breach, allowed } of cases) {
    it(`${rule}: a breach is an error`, async () => {
      const messages = await breaches(breach.file, breach.code)
      expect(messages).toHaveLength(1)
      expect(messages[0]).toContain(breach.says)
    })

    it(`${rule}: the allowed import passes`, async () => {
      expect(await breaches(allowed.file, allowed.code)).toEqual([])
    })
  }

  it('resolves the path, so a relative import that never names the layer is still caught', async () => {
    const messages = await breaches(
      'src-main/core/probe.ts',
      "import { startWebMain } from '../web/../web/main.ts'\n",
    )
    expect(messages).toHaveLength(1)
  })

  it('the src-shared group carries the rule with its options', async () => {
    const config: unknown = await eslint.calculateConfigForFile(
      path.join(REPO_ROOT, 'src-shared/contract.ts'),
    )
    expect(JSON.stringify(config)).toContain('imports nothing outside src-shared')
  })
})
