// Module hooks for second-launch.ts: `electron` resolves to the stand-in beside this file.
import type { ResolveHook } from 'node:module'

export const resolve: ResolveHook = (specifier, context, nextResolve) => {
  if (specifier === 'electron') {
    return { url: new URL('./electron-stub.ts', import.meta.url).href, shortCircuit: true }
  }
  return nextResolve(specifier, context)
}
