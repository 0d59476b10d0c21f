import { describe, expect, it } from 'vitest'
import { checkSource, isProductionSource } from './check-sizes.ts'

const body = (n: number): string =>
  Array.from({ length: n }, (_, i) => `  const v${String(i)} = ${String(i)}`).join('\n')

describe('check-sizes', () => {
  it('passes a function of 80 lines and refuses one of 81', () => {
    expect(checkSource('a.ts', `function ok() {\n${body(78)}\n}\n`)).toEqual([])
    const breaches = checkSource('a.ts', `function long() {\n${body(79)}\n}\n`)
    expect(breaches).toEqual([{ file: 'a.ts', line: 1, what: 'function long', lines: 81, limit: 80 }])
  })

  it('sees arrow functions, methods and React components', () => {
    const arrow = `export const useThing = () => {\n${body(80)}\n}\n`
    expect(checkSource('a.ts', arrow).map((b) => b.what)).toEqual(['function useThing'])
    const method = `class A {\n  run(): void {\n${body(80)}\n  }\n}\n`
    expect(checkSource('a.ts', method).map((b) => b.what)).toEqual(['function run'])
    const component = `export function Card() {\n  return (\n    <div>\n${'      <span />\n'.repeat(80)}    </div>\n  )\n}\n`
    expect(checkSource('Card.tsx', component).map((b) => b.what)).toEqual(['function Card'])
  })

  it('refuses a file over 300 lines and passes one of 300', () => {
    expect(checkSource('a.ts', 'const x = 1\n'.repeat(300))).toEqual([])
    expect(checkSource('a.ts', 'const x = 1\n'.repeat(301))).toEqual([
      { file: 'a.ts', line: 1, what: 'file', lines: 301, limit: 300 },
    ])
  })

  it('checks production sources only', () => {
    expect(isProductionSource('src-main/core/app.ts')).toBe(true)
    expect(isProductionSource('src-renderer/src/App.tsx')).toBe(true)
    expect(isProductionSource('src-main/core/app.test.ts')).toBe(false)
    expect(isProductionSource('src-main/core/testing/fake.ts')).toBe(false)
    expect(isProductionSource('src-renderer/src/env.d.ts')).toBe(false)
    expect(isProductionSource('src-renderer/src/index.css')).toBe(false)
  })
})
