// Shared by the mock platform's own tests: a platform on a free port in a temporary directory, and a client
// that trusts its CA the way real clients must (explicitly, with verification on).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { RequestInit, Response } from 'undici'
import { Agent, fetch } from 'undici'
import { expect } from 'vitest'

import { DEMO_CREDENTIALS } from '../../e2e/mock-platform/demo-data.ts'
import type { MockPlatform, MockPlatformOptions } from '../../e2e/mock-platform/server.ts'
import { startMockPlatform } from '../../e2e/mock-platform/server.ts'

export interface TestPlatform {
  platform: MockPlatform
  dataDir: string
  /** A spec call: `path` is below the base URL, e.g. `/auth/login`. */
  request(path: string, init?: RequestInit): Promise<Response>
  /** Logs in (vendor credentials by default) and returns the access token. */
  login(keys?: { app_secret_key: string; rest_secret_key: string }): Promise<string>
  stop(): Promise<void>
}

export async function makeTempDir(label: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `mock-platform-${label}-`))
}

export async function startTestPlatform(
  label: string,
  options: Pick<MockPlatformOptions, 'realNow' | 'sleep'> = {},
): Promise<TestPlatform> {
  const dataDir = await makeTempDir(label)
  const platform = await startMockPlatform({ dataDir, port: 0, ...options })
  const dispatcher = new Agent({ connect: { ca: platform.caPem } })

  const request = (subPath: string, init: RequestInit = {}) =>
    fetch(`${platform.baseUrl}${subPath}`, { ...init, dispatcher })

  const login = async (
    keys: { app_secret_key: string; rest_secret_key: string } = DEMO_CREDENTIALS.vendor,
  ) => {
    const response = await request('/auth/login', postJson(keys))
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: { access_token: string } }
    return body.data.access_token
  }

  const stop = async () => {
    await platform.close()
    await dispatcher.close()
    await rm(dataDir, { recursive: true, force: true })
  }

  return { platform, dataDir, request, login, stop }
}

export function postJson(body: unknown): RequestInit {
  return { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }
}

export function withToken(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { 'Access-Token': token } }
}

export interface Envelope {
  status: boolean
  error?: string
  message?: string
  data?: unknown
}

/** Asserts a JSON error envelope with this HTTP status and error code; returns it for further checks. */
export async function expectErrorEnvelope(
  response: Response,
  httpStatus: number,
  error: string,
): Promise<Envelope> {
  expect(response.status).toBe(httpStatus)
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  const body = (await response.json()) as Envelope
  expect(body.status).toBe(false)
  expect(body.error).toBe(error)
  expect(typeof body.message).toBe('string')
  return body
}
