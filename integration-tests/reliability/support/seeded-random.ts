/**
 * A small seeded PRNG (mulberry32) so every random fault schedule of the reliability suite is
 * reproducible: the same RELIABILITY_SEED gives the same sequence of choices.
 */
export class SeededRandom {
  private state: number

  constructor(readonly seed: number) {
    this.state = seed >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
    let roll = this.next() * total
    for (const [value, weight] of entries) {
      roll -= weight
      if (roll < 0) return value
    }
    return entries[entries.length - 1][0]
  }
}

/** The suite's seed: RELIABILITY_SEED or a fixed default, printed by each test that uses it. */
export function reliabilitySeed(fallback = 20261122): number {
  const raw = Number(process.env.RELIABILITY_SEED)
  return Number.isInteger(raw) && raw > 0 ? raw : fallback
}
