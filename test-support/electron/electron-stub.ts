// The `electron` module as a second launch of the app needs it, for a plain Node process that plays that launch
// (second-launch.ts): `exit` and `quit` end the process as Electron's would; nothing else is asked of it.
interface StubApp {
  isPackaged: boolean
  on(): StubApp
  setAsDefaultProtocolClient(): boolean
  exit(code?: number): never
  quit(): never
}

export const app: StubApp = {
  isPackaged: false,
  on: () => app,
  setAsDefaultProtocolClient: () => false,
  exit: (code = 0) => process.exit(code),
  quit: () => process.exit(0),
}
