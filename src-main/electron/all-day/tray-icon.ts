// electron-vite copies the PNG beside the main bundle and gives its path (packaging takes only out/**).
import trayIcon from '../../../resources/icons/32x32.png?asset'

export const TRAY_ICON_PATH: string = trayIcon
