// Web mode's bridge as both ends know it: the server (src-main/web) and the renderer (web-bridge.ts). Defined
// once, so the two cannot drift apart.

/** Where web mode serves the bridge's WebSocket. */
export const BRIDGE_PATH = '/bridge'

/**
 * Larger messages are refused: the server's socket closes (1009) on one, so the renderer refuses such a call
 * itself first, sparing the other calls on the socket. A real request is a few hundred bytes.
 */
export const MAX_BRIDGE_MESSAGE_BYTES = 64 * 1024

/** The subprotocol the page asks for and the server answers with: the bridge's wire format, version 1. */
export const BRIDGE_PROTOCOL = 'pos-companion.bridge.v1'
/** The page offers the launch token as one more subprotocol, `<prefix><token>`; the server never echoes it. */
export const TOKEN_PROTOCOL_PREFIX = 'pos-companion.token.'

/**
 * The tag web mode adds to index.html. It tells the renderer it was served by web mode, so it installs the
 * WebSocket bridge; the built index.html has no such tag, so a page opened any other way looks for no bridge.
 */
export const WEB_SHELL_META = { name: 'pos-companion-shell', content: 'web' } as const
export const WEB_SHELL_MARKER = `<meta name="${WEB_SHELL_META.name}" content="${WEB_SHELL_META.content}" />`
