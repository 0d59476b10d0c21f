export interface SlipPage {
  widthMm: number
  heightMm: number
}

/**
 * Measures the slip on the page and sizes the printed page to it: the paper's width, the slip's height plus
 * 2 mm so rounding never spills its last line onto a second page. Browser print and Electron's printToPDF
 * read this `@page`; Electron's `webContents.print` gets the same size in microns (slip-print.ts) from the
 * returned figures. Returns null when the page shows no slip.
 *
 * The rule goes in through a constructed style sheet because the app's content security policy allows no
 * inline `<style>`. Self-contained on purpose (no outer names): the e2e test runs this very function inside
 * Chromium with `page.evaluate(fitPageToSlip)`, which sends only its source text.
 */
export function fitPageToSlip(): SlipPage | null {
  const slip = document.querySelector<HTMLElement>('.slip[data-paper-mm]')
  if (!slip) return null
  const widthMm = Number(slip.dataset['paperMm'])
  const heightMm = Math.ceil((slip.getBoundingClientRect().height * 25.4) / 96 + 2)
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(`@page slip-${widthMm}mm { size: ${widthMm}mm ${heightMm}mm; margin: 0; }`)
  const isSlipPage = (other: CSSStyleSheet) => other.cssRules[0]?.cssText.startsWith('@page slip-') === true
  document.adoptedStyleSheets = [...document.adoptedStyleSheets.filter((other) => !isSlipPage(other)), sheet]
  return { widthMm, heightMm }
}
