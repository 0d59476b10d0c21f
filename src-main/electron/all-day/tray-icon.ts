// electron-vite copies the PNG beside the main bundle and gives its path (packaging takes only out/**).
import trayIcon from './tray-icon.png?asset'

export const TRAY_ICON_PATH: string = trayIcon
