/**
 * `node scripts/with-node22.js scripts/check-sizes.ts`: the house's size rule (docs/development.md), checked so it
 * keeps holding: no production file under src-main, src-shared or src-renderer over 300 lines, and no function
 * (declaration, method, arrow function, function expression, so React components too) over 80 lines. Tests and
 * test helpers are left out: a long table of cases reads better whole. Part of `npm run lint`; exits 1 on a breach.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const MAX_FILE_LINES = 300
const MAX_FUNCTION_LINES = 80
const ROOTS = ['src-main', 'src-shared', 'src-renderer']

export interface SizeBreach {
  readonly file: string
  readonly line: number
  readonly what: string
  readonly lines: number
  readonly limit: number
}

/** Whether a path is production code: TypeScript, not a test, not inside a test-helper folder. */
export function isProductionSource(path: string): boolean {
  if (!/\.tsx?$/.test(path) || /\.d\.ts$/.test(path)) return false
  if (/\.test\.tsx?$/.test(path)) return false
  return !/(^|\/)(testing|test-support|__tests__|__fixtures__)(\/|\.tsx?$)/.test(path)
}

function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node }
  if (named.name !== undefined) return named.name.getText(source)
  const parent = node.parent
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    return parent.name.getText(source)
  }
  return '(anonymous)'
}

function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  )
}

/** The breaches in one file's text; `file` only names it in the result. */
export function checkSource(file: string, text: string): SizeBreach[] {
  const breaches: SizeBreach[] = []
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const fileLines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length
  if (fileLines > MAX_FILE_LINES) {
    breaches.push({ file, line: 1, what: 'file', lines: fileLines, limit: MAX_FILE_LINES })
  }
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node) && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      if (lines > MAX_FUNCTION_LINES) {
        const what = `function ${functionName(node, source)}`
        breaches.push({ file, line: start + 1, what, lines, limit: MAX_FUNCTION_LINES })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return breaches
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else yield path
  }
}

/** Every breach in the production code under the repository at `root`. */
function checkTree(root: string): SizeBreach[] {
  const breaches: SizeBreach[] = []
  for (const top of ROOTS) {
    for (const path of sourceFiles(join(root, top))) {
      const rel = relative(root, path).split('\\').join('/')
      if (isProductionSource(rel)) breaches.push(...checkSource(rel, readFileSync(path, 'utf8')))
    }
  }
  return breaches
}

if (process.argv[1]?.endsWith('check-sizes.ts') === true) {
  const breaches = checkTree(process.cwd())
  for (const b of breaches) {
    console.error(
      `${b.file}:${String(b.line)}: ${b.what} has ${String(b.lines)} lines (at most ${String(b.limit)})`,
    )
  }
  if (breaches.length > 0) process.exitCode = 1
}
