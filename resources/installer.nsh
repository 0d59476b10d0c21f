; Included by electron-builder's NSIS script (electron-builder.config.ts: nsis.include).
; POS Companion installs for the current user only: no administrator rights, no "for all users" page,
; and electron-updater can later replace it without asking for elevation.
!macro customInstallMode
  StrCpy $isForceCurrentInstall "1"
!macroend
