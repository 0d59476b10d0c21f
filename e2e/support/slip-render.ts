import { readFile } from 'node:fs/promises'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { CourierSlip, type CourierSlipProps } from '../../src-renderer/src/slip/CourierSlip.tsx'

const SLIP_CSS = new URL('../../src-renderer/src/slip/slip.css', import.meta.url)

/**
 * A whole page holding one courier slip: the real component rendered to static HTML by react-dom/server
 * (its QR is inline SVG), with the real slip.css. Chromium then lays it out and prints it like the app's
 * print page would, without building the app.
 */
export async function slipPageHtml(props: CourierSlipProps): Promise<string> {
  const css = await readFile(SLIP_CSS, 'utf8')
  const slip = renderToStaticMarkup(createElement(CourierSlip, props))
  return `<!doctype html><html lang="${props.language}"><head><meta charset="utf-8"><style>${css}</style></head><body>${slip}</body></html>`
}
