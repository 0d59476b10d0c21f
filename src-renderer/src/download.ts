/**
 * Saves text as a file the way a page can in both shells: a Blob and a link with `download`. A download is no
 * navigation and no fetch, so the strict CSP needs nothing added for it (no `blob:` source anywhere); in
 * Electron it ends in the usual save dialog.
 */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the Blob to the download already; the URL need not outlive this turn by much.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** `pos-companion-gecmis-20261121.csv`: the export's name, dated by the local calendar. */
export function historyFileName(now: Date): string {
  const date = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('')
  return `pos-companion-gecmis-${date}.csv`
}

/** `pos-companion-gun-sonu-20261125.csv`: the day-end export, named for the day it settles. */
export function dayEndFileName(day: string): string {
  return `pos-companion-gun-sonu-${day.replace(/-/g, '')}.csv`
}
