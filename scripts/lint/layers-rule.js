// The layering rule, in the spirit of VS Code's `code-layering`: a file's local imports (relative paths) are
// resolved to a path from the repository root and checked against the layers its group may not reach.
// ESLint's own `no-restricted-imports` matches the import's text, so `../web/server.ts` from the core would
// slip past a pattern like `src-main/web/**`; resolving first closes that gap. Package imports (`zod`,
// `electron`, `node:fs`) are left to `no-restricted-imports`.
import path from 'node:path'

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..')

/** The imported file as a repository path (`src-main/web/server.ts`), or undefined for a package import. */
function resolveLocal(importer, specifier) {
  if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) return undefined
  const absolute = path.resolve(path.dirname(importer), specifier)
  return path.relative(REPO_ROOT, absolute).split(path.sep).join('/')
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A file imports nothing from the layers its folder may not reach.' },
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: { pattern: { type: 'string' }, message: { type: 'string' } },
        required: ['pattern', 'message'],
        additionalProperties: false,
      },
    },
    messages: { breach: "'{{target}}': {{message}}" },
  },
  create(context) {
    const layers = context.options.map(({ pattern, message }) => ({ pattern: new RegExp(pattern), message }))
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return
      const target = resolveLocal(context.filename, source.value)
      if (target === undefined) return
      const breached = layers.find((layer) => layer.pattern.test(target))
      if (breached)
        context.report({ node: source, messageId: 'breach', data: { target, message: breached.message } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}
