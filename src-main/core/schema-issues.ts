import type { z } from 'zod'

/** Enough to debug with, bounded so that a hostile caller cannot flood the log. */
const MAX_ISSUES = 10
const MAX_SEGMENT_CHARS = 64

/**
 * Where a value failed its schema, for the log: each issue's path and zod's code, never the value itself (a
 * payload can hold keys; Signal Desktop's SchemaParseError keeps the same rule). `(root)` is the value as a
 * whole.
 */
export function issuePaths(error: z.ZodError): string[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = issue.path.map((segment) => String(segment).slice(0, MAX_SEGMENT_CHARS)).join('.')
    return `${path || '(root)'}: ${issue.code}`
  })
}
