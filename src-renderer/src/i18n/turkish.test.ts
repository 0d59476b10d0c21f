// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { turkishDative } from './turkish.ts'

describe('turkishDative', () => {
  it.each([
    ['Ahmet', 'Ahmet’e'],
    ['Burak', 'Burak’a'],
    ['Ayşe', 'Ayşe’ye'],
    ['Ali', 'Ali’ye'],
    ['Oğuz', 'Oğuz’a'],
    ['Özgür', 'Özgür’e'],
    ['Mustafa', 'Mustafa’ya'],
    ['İLKER', 'İLKER’e'],
    ['Ali Rıza', 'Ali Rıza’ya'],
    ['MK', 'MK’e'],
  ])('%s → %s', (name, dative) => {
    expect(turkishDative(name)).toBe(dative)
  })
})
