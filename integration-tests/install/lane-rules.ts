/**
 * The lanes' two rules that need no store (lanes.ts runs the stores' steps with them): which lane a
 * store goes to, and a step's error as jest can report it. A module of their own, so that their unit
 * test (__tests__/lanes.unit.spec.ts) does not load the steps (store-steps.ts and, through the
 * checkout helpers, Medusa's core flows).
 */

/**
 * A step's error as jest can report it: `jest --json` writes every failure with JSON.stringify, and
 * an axios error (its request refers to itself) made that throw, so the run left no result file
 * and CI could only count "no jest result" instead of naming the step (seen on a store's capture).
 */
export function reportable(error: unknown): unknown {
  try {
    JSON.stringify(error)
    return error
  } catch {
    const plain = new Error(error instanceof Error ? error.message : String(error))
    if (error instanceof Error) plain.stack = error.stack
    return plain
  }
}

/**
 * Lanes so that each mixes package managers (npm installs take twice pnpm's time): stores in order
 * floor-npm, floor-pnpm, newest-npm, newest-pnpm go to lanes 0, 1, 1, 0.
 */
export function laneOf(index: number, lanes: number): number {
  return (index + Math.floor(index / lanes)) % lanes
}
