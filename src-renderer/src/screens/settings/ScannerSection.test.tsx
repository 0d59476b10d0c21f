// Settings' scanner test (issue 30): what arrived, and whether the scanner is set up right, from the keys a real
// scan sends (KeyboardEvent.code and Shift, at a scanner's pace).
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { keysOfText, textOfKeys, type LayoutId } from '../board/scan-layouts.ts'
import { SCANNER_TEST_TEXT, ScannerSection } from './ScannerSection.tsx'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

/** A scanner set to `scanner` scans the test code on a computer set to `computer`: keys 5 ms apart, then Enter. */
function scan(scanner: LayoutId, computer: LayoutId, gapMs = 5) {
  vi.useFakeTimers({ toFake: ['performance'] })
  const field = screen.getByLabelText<HTMLInputElement>('Okutulan kod')
  field.focus()
  for (const key of keysOfText(SCANNER_TEST_TEXT, scanner) ?? []) {
    vi.advanceTimersByTime(gapMs)
    const typed = textOfKeys([key], computer) ?? ''
    fireEvent.keyDown(field, { key: typed, code: key.code, shiftKey: key.shift })
    fireEvent.change(field, { target: { value: field.value + typed } })
  }
  fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' })
  fireEvent.submit(field.closest('form') as HTMLFormElement)
}

describe('the scanner test', () => {
  it('says a scanner set like the computer is set up right, and what arrived', () => {
    renderWithApi(<ScannerSection />)
    scan('tr-q', 'tr-q')
    const said = screen.getByRole('status').textContent
    expect(said).toMatch(`Gelen: ${SCANNER_TEST_TEXT}`)
    expect(said).toMatch(/Okuyucu doğru ayarlı/)
  })

  it('names both keyboard languages of a US scanner on a Turkish-Q computer, and what to change', () => {
    renderWithApi(<ScannerSection />)
    scan('us', 'tr-q')
    const said = screen.getByRole('alert').textContent
    expect(said).toMatch('Gelen: okuyucu*testıŞQUIZ.am*09')
    expect(said).toMatch(/okuyucu ABD \(US\) klavye gibi yazıyor, bu bilgisayarın klavye dili Türkçe Q/)
    expect(said).toMatch(/okuyucuyu Türkçe Q klavyeye ayarlayın/)
  })

  it.each([
    ['tr-f', 'Türkçe F'],
    ['de', 'Almanca'],
    ['fr', 'Fransızca'],
  ] as const)('names a US scanner on a %s computer', (computer, name) => {
    renderWithApi(<ScannerSection />)
    scan('us', computer)
    expect(screen.getByRole('alert').textContent).toMatch(`bu bilgisayarın klavye dili ${name}`)
  })

  it('says a code typed at a person’s pace was typed by hand', () => {
    renderWithApi(<ScannerSection />)
    scan('us', 'us', 150)
    expect(screen.getByRole('status').textContent).toMatch(/elle yazılmış olabilir/)
  })
})
