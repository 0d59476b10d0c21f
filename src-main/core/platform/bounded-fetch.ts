// Answers over the size cap are refused (D9). The body is read to its end here, inside the fetch port, so that
// the read is part of the attempt: ky's per-attempt timeout covers a body that drips in, and a connection cut
// mid-body is a network error that ky retries like any other.

export class ResponseTooLargeError extends Error {
  readonly httpStatus: number

  constructor(httpStatus: number, limitBytes: number) {
    super(`the answer exceeds ${limitBytes} bytes`)
    this.name = 'ResponseTooLargeError'
    this.httpStatus = httpStatus
  }
}

/**
 * Wraps a fetch so that every answer comes back fully read and at most `maxBytes` long. A 2xx answer over the cap
 * is refused with ResponseTooLargeError. An error answer over the cap keeps its status and headers but loses its
 * body: the status alone still decides whether to retry (429, 5xx), and a huge error page is never held in memory.
 */
export function createBoundedFetch(fetchPort: typeof fetch, maxBytes: number): typeof fetch {
  return async (input, init) => {
    const response = await fetchPort(input, init)
    // No body (an opaque redirect, a 204): nothing to bound, and such a Response could not be rebuilt anyway.
    if (response.body === null) return response
    const body = await readAtMost(response.body, response.headers, maxBytes)
    if (body === undefined && response.ok) throw new ResponseTooLargeError(response.status, maxBytes)
    return new Response(body ?? null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}

/** The whole body, or undefined as soon as it is known to exceed `maxBytes` (the transfer is then cancelled). */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  headers: Headers,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await body.cancel().catch(ignore)
    return undefined
  }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      // Cancelling tells the fetch implementation to stop receiving: the rest is never downloaded.
      await reader.cancel().catch(ignore)
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

const ignore = () => undefined
