/**
 * How many random cases a fast-check property runs. `full` is the property's real size, which the
 * properties suite runs (.ci/run's step; it matches these spec files); TBC_PROPERTY_RUNS caps it, so the unit
 * suite of `npm test` (scripts/test.sh sets a small cap) stays quick while nothing is skipped.
 */
export function propertyRuns(full: number): number {
  const cap = Math.floor(Number(process.env.TBC_PROPERTY_RUNS))
  return cap > 0 ? Math.min(full, cap) : full
}
