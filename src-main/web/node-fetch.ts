// The platform client's fetch port under Node (web mode, tests, scripts). Electron gives the app net.fetch
// instead, which trusts the OS store. Here certificates are verified against Node's bundled public roots plus,
// only when configured, one extra private CA (D8; read by core/platform/extra-ca-file.ts); verification is never
// switched off.
import { rootCertificates } from 'node:tls'

import type { Agent } from 'undici'

export interface NodeFetchDeps {
  /** PEM certificates to trust in addition to the public roots, e.g. a test platform's private CA. */
  extraCaPem?: string
}

export function createNodeFetch(deps: NodeFetchDeps = {}): typeof fetch {
  // Setting `ca` replaces Node's default roots, so the public ones are listed again: a public platform must
  // still verify when a private CA is added.
  const ca = deps.extraCaPem === undefined ? [...rootCertificates] : [...rootCertificates, deps.extraCaPem]
  // undici is loaded on the first request, not at start: it is the largest package web mode carries, and a till
  // that starts signed in sends nothing until staff act.
  let undici: Promise<{ dispatcher: Agent; fetch: typeof import('undici').fetch }> | undefined
  const loadUndici = () =>
    (undici ??= import('undici').then(({ Agent, fetch }) => ({
      dispatcher: new Agent({ connect: { ca } }),
      fetch,
    })))

  return async (input, init) => {
    const { dispatcher, fetch: undiciFetch } = await loadUndici()
    // ky hands us a Request of Node's built-in fetch. undici's own fetch does not accept that class (it would read
    // it as a URL string), so the request is passed on as its parts.
    const request = new Request(input, init)
    const body = request.body === null ? null : new Uint8Array(await request.arrayBuffer())
    const response = await undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body,
      redirect: request.redirect,
      signal: request.signal,
      dispatcher,
    })
    // undici's Response is a standard Response of another copy of the same code; the shapes are the same.
    return response as unknown as Response
  }
}
