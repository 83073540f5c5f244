/**
 * A small map that forgets: at most `max` entries, each for `ttlMs`. Used to answer a retried
 * initiatePayment of the same Medusa session with the application already opened for it, without
 * letting the map grow with every session the process ever saw.
 */
export class RecentMap<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>()

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (this.now() - entry.at > this.ttlMs) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: K, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, { value, at: this.now() })
    while (this.entries.size > this.max) {
      // Map iterates in insertion order: the first key is the oldest
      const oldest = this.entries.keys().next().value as K
      this.entries.delete(oldest)
    }
  }

  get size(): number {
    return this.entries.size
  }
}
