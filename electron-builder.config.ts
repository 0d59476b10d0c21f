/**
 * How POS Companion is packaged (electron-builder 26): `npm run dist` (this OS), `npm run dist:win|mac|linux`,
 * and the release workflow. TypeScript rather than YAML so that the configuration is type-checked against
 * electron-builder's own `Configuration`, the e2e fuse switch below is code rather than a second file, and the
 * packaging check (`scripts/check-packaging.ts`) imports exactly what ships. electron-builder loads it with
 * `--config electron-builder.config.ts`; Node 22 and the packaging check import it directly.
 */
import type { Configuration } from 'electron-builder'

export type ElectronFuses = NonNullable<Configuration['electronFuses']>

/**
 * Electron's fuses, flipped in the binary at packaging (docs/decisions.md D28).
 * Only an e2e build (`POS_E2E_BUILD=1`, for Playwright's `_electron`, which starts the app with `--inspect`)
 * keeps the Node inspector flags; every other build ships them off. Fuses not named here keep Electron's
 * defaults.
 */
export function fusesFor(build: { e2e: boolean }): ElectronFuses {
  return {
    runAsNode: false, // ELECTRON_RUN_AS_NODE cannot turn the app into a plain Node
    enableNodeOptionsEnvironmentVariable: false, // NODE_OPTIONS / NODE_EXTRA_CA_CERTS are ignored
    enableNodeCliInspectArguments: build.e2e, // --inspect, --inspect-brk and SIGUSR1 are ignored
    enableCookieEncryption: true, // the cookie store on disk is encrypted with the OS's keys
    enableEmbeddedAsarIntegrityValidation: true, // app.asar is checked against the hash in the binary
    onlyLoadAppFromAsar: true, // the app is loaded from app.asar only, never from a loose app/ folder
    grantFileProtocolExtraPrivileges: false, // file:// gets no privileges beyond a web page's (the app uses app://)
  }
}

export const isE2eBuild = process.env['POS_E2E_BUILD'] === '1'

/**
 * The mark an e2e build leaves in app.asar's package.json: Playwright's `_electron` starts the app with
 * `--remote-debugging-port`, which the installed app otherwise refuses (src-main/electron/launch-options.ts,
 * E2E_BUILD_MARK; the packaging check keeps the two names equal).
 */
export function extraMetadataFor(build: { e2e: boolean }): Record<string, unknown> | undefined {
  return build.e2e ? { posCompanionE2eBuild: true } : undefined
}

/**
 * The subject name on the Windows code-signing certificate. electron-updater installs an update only when its
 * installer is signed by this publisher (verifyUpdateCodeSignature), so a feed that was tampered with, or a
 * download swapped in transit, cannot run its own installer. It must match the certificate the release workflow
 * signs with (CSC_LINK); an unsigned release is then refused as an update, which is the point.
 */
export const WINDOWS_PUBLISHER = 'POS Companion'

const config: Configuration = {
  appId: 'com.poscompanion.desktop',
  productName: 'POS Companion',
  copyright: 'Copyright © POS Companion',
  // No spaces in file names: GitHub release assets and the updater's latest*.yml must agree on them.
  artifactName: 'pos-companion-${version}-${os}-${arch}.${ext}',
  directories: { buildResources: 'resources', output: 'release/${version}' },

  // Only the electron-vite build and package.json; electron-builder adds the production dependencies'
  // node_modules itself (electron-vite leaves `dependencies` external to the main bundle). No sources,
  // tests, mock platform, scripts, source maps or .env files: the packaging check proves it. The same
  // exclusions apply inside node_modules, where some packages ship their TypeScript sources and tests.
  files: [
    'out/**/*',
    // Web mode's bundle (docs/decisions.md#d60) is not part of the desktop app.
    '!out/web/**',
    'package.json',
    '!**/*.map',
    '!**/.env*',
    '!**/node_modules/**/*.{ts,mts,cts,tsx}',
    '!**/node_modules/**/*.{test,spec}.*',
    '!**/node_modules/**/{test,tests,__tests__,spec}/**',
  ],
  asar: true,
  // The order link (D47): registered at install (Info.plist on macOS, the registry by NSIS, a .desktop
  // MimeType on Linux); the app also registers it at start (src-main/electron/intake.ts).
  protocols: [{ name: 'POS Companion order link', schemes: ['pos-companion'] }],
  electronFuses: fusesFor({ e2e: isE2eBuild }),
  ...(isE2eBuild ? { extraMetadata: extraMetadataFor({ e2e: true }) } : {}),
  // No native modules: nothing to rebuild against Electron's headers.
  npmRebuild: false,

  win: {
    target: [{ target: 'nsis', arch: ['x64'] }],
    icon: 'resources/icon.ico',
    verifyUpdateCodeSignature: true,
    signtoolOptions: { publisherName: [WINDOWS_PUBLISHER] },
  },
  nsis: {
    // The assisted installer (welcome, progress, finish pages) in Turkish or English by the OS's language,
    // Turkish when neither. Per-user: installer.nsh skips the "for all users" page, so no administrator
    // rights are ever needed and electron-updater can replace the app without elevation.
    oneClick: false,
    perMachine: false,
    allowElevation: false,
    allowToChangeInstallationDirectory: false,
    include: 'resources/installer.nsh',
    installerLanguages: ['tr_TR', 'en_US'],
    multiLanguageInstaller: true,
    language: '1055',
    installerIcon: 'resources/icon.ico',
    uninstallerIcon: 'resources/icon.ico',
    createDesktopShortcut: true,
    createStartMenuShortcut: true,
    shortcutName: 'POS Companion',
    // The outbox and settings survive a reinstall.
    deleteAppDataOnUninstall: false,
  },

  mac: {
    // dmg to install; zip because electron-updater updates a macOS app from the zip.
    target: [
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ],
    icon: 'resources/icon.icns',
    category: 'public.app-category.business',
    // Notarisation needs a signed app with the hardened runtime. Signing and notarising happen when the
    // release workflow has the certificate (CSC_LINK) and Apple credentials (APPLE_ID …); without them the
    // build is unsigned and electron-builder says so.
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'resources/entitlements.mac.plist',
    entitlementsInherit: 'resources/entitlements.mac.plist',
  },
  dmg: { title: '${productName} ${version}' },

  linux: {
    target: ['AppImage', 'deb'],
    icon: 'resources/icons',
    executableName: 'pos-companion',
    category: 'Office',
    synopsis: 'Companion for restaurant POS staff',
    description:
      'Signs in to the food-ordering platform, shows the branches and the payment and shipping methods, ' +
      'and marks restaurant-courier orders as handed to the courier ("Kuryeye Verildi").',
    maintainer: 'POS Companion <desktop@poscompanion.com>',
    vendor: 'POS Companion',
  },
  deb: { priority: 'optional', packageCategory: 'misc' },

  // `--publish always` in the release workflow uploads the installers and the updater's latest*.yml to the
  // GitHub release of the tag (owner and repository come from the checkout's git remote). This is also the only
  // place the installed app learns where updates come from: electron-builder writes it into the packaged
  // app-update.yml at build time, and the app has no setting to point the updater elsewhere (auto-update.ts).
  // Only published releases, never drafts or pre-releases; over https (GitHub), never a generic address.
  publish: [{ provider: 'github', releaseType: 'release' }],
}

export default config
