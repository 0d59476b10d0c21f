// Module hooks for the packaging check: `electron`, wherever it is imported from, is the stand-in beside this file.
const FAKE = new URL('./fake-electron.js', import.meta.url).href

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: FAKE, shortCircuit: true }
  return nextResolve(specifier, context)
}
