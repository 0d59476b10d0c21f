import { describe, expect, it } from 'vitest'
import { permissionAllowed } from './permissions.ts'

const APP = 'app://renderer/index.html'
const isAppUrl = (url: string) => url.split(/[?#]/)[0] === APP

describe('permissionAllowed', () => {
  it("allows a clipboard write from the app's own top frame", () => {
    expect(
      permissionAllowed('clipboard-sanitized-write', { isMainFrame: true, requestingUrl: APP }, isAppUrl),
    ).toBe(true)
  })

  it.each([
    ['a clipboard read', 'clipboard-read', { isMainFrame: true, requestingUrl: APP }],
    ['notifications', 'notifications', { isMainFrame: true, requestingUrl: APP }],
    ['the camera', 'media', { isMainFrame: true, requestingUrl: APP }],
    ['a write from a subframe', 'clipboard-sanitized-write', { isMainFrame: false, requestingUrl: APP }],
    [
      'a write from another page',
      'clipboard-sanitized-write',
      { isMainFrame: true, requestingUrl: 'https://evil.example/' },
    ],
    ['a write from an unknown asker', 'clipboard-sanitized-write', { isMainFrame: true }],
  ])('refuses %s', (_label, permission, asker) => {
    expect(permissionAllowed(permission, asker, isAppUrl)).toBe(false)
  })

  it('refuses when the address cannot be judged', () => {
    const throwing = () => {
      throw new TypeError('Invalid URL')
    }
    expect(
      permissionAllowed('clipboard-sanitized-write', { isMainFrame: true, requestingUrl: '::' }, throwing),
    ).toBe(false)
  })
})
