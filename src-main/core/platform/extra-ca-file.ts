// The one reader of the extra CA file (D8), for both shells: whatever it returns is trusted to vouch for the
// platform, so it takes only what a CA file should hold, from where a CA file should be.
import { X509Certificate } from 'node:crypto'
import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import { invalidInput } from '../app-failure.ts'

/** A CA bundle of a few certificates is a few KiB; more means the wrong file was picked. */
export const EXTRA_CA_MAX_BYTES = 64 * 1024

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g
// A FIFO opened without O_NONBLOCK would wait for a writer forever; Windows has no such flag (and no FIFOs).
const OPEN_FLAGS = constants.O_RDONLY | ((constants.O_NONBLOCK as number | undefined) ?? 0)

/**
 * The CA certificates of `file` as PEM. Refused: a path to a network share or device namespace (`\\host\share`,
 * `\\?\`, `\\.\`), anything but a regular file, a file over 64 KiB, a private key anywhere in the file, a block
 * that is not X.509, and a certificate that is not a CA.
 */
export async function readExtraCa(file: string): Promise<string> {
  if (/^[\\/]{2}/.test(file.trim())) throw invalidInput('ca-file-not-local')
  const text = await readSmallRegularFile(file)
  const blocks = [...text.matchAll(PEM_BLOCK)]
  if (blocks.some(([, label]) => label?.includes('PRIVATE KEY'))) throw invalidInput('ca-file-has-key')
  const certificates = blocks.filter(([, label]) => label === 'CERTIFICATE').map(([block]) => block)
  if (certificates.length === 0) throw invalidInput('ca-file-not-pem')
  for (const pem of certificates) {
    let certificate: X509Certificate
    try {
      certificate = new X509Certificate(pem)
    } catch {
      throw invalidInput('ca-file-not-pem')
    }
    if (!certificate.ca) throw invalidInput('ca-file-not-ca')
  }
  return certificates.join('\n') + '\n'
}

async function readSmallRegularFile(file: string): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>>
  try {
    handle = await open(file, OPEN_FLAGS)
  } catch (error) {
    // A device or FIFO that cannot be opened is still "not a local file", not "unreadable".
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw invalidInput('ca-file-not-local')
    throw invalidInput('ca-file-unreadable')
  }
  try {
    // Checked on the opened handle, so the file cannot be swapped between the check and the read.
    const info = await handle.stat()
    if (!info.isFile() || info.size > EXTRA_CA_MAX_BYTES) throw invalidInput('ca-file-not-local')
    const buffer = Buffer.alloc(EXTRA_CA_MAX_BYTES + 1)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    // The file grew after the size check: refuse rather than read a cut-off bundle.
    if (bytesRead > EXTRA_CA_MAX_BYTES) throw invalidInput('ca-file-not-local')
    return buffer.subarray(0, bytesRead).toString('utf8')
  } finally {
    await handle.close()
  }
}
