// `node --import ./fake-electron-register.js out/main/main.js`: installs the hooks above before the app loads.
import { register } from 'node:module'

register('./fake-electron-hooks.js', import.meta.url)
