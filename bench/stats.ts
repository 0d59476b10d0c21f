// The figures every row of the benchmark table shows. p95 is the nearest-rank percentile: the smallest
// sample that at least 95 % of the samples do not exceed (with fewer than 20 samples, that is the largest).

export interface Summary {
  runs: number
  median: number
  p95: number
  min: number
  max: number
}

function sorted(samples: readonly number[]): number[] {
  if (samples.length === 0) throw new Error('stats: no samples')
  return [...samples].sort((a, b) => a - b)
}

function at(values: readonly number[], index: number): number {
  const value = values[index]
  if (value === undefined) throw new Error(`stats: no sample at ${index}`)
  return value
}

export function median(samples: readonly number[]): number {
  const values = sorted(samples)
  const middle = Math.floor(values.length / 2)
  return values.length % 2 === 1 ? at(values, middle) : (at(values, middle - 1) + at(values, middle)) / 2
}

/** Nearest rank: `fraction` 0.95 gives p95. */
export function percentile(samples: readonly number[], fraction: number): number {
  const values = sorted(samples)
  const rank = Math.min(values.length, Math.max(1, Math.ceil(fraction * values.length)))
  return at(values, rank - 1)
}

export function summarize(samples: readonly number[]): Summary {
  const values = sorted(samples)
  return {
    runs: values.length,
    median: median(values),
    p95: percentile(values, 0.95),
    min: at(values, 0),
    max: at(values, values.length - 1),
  }
}
