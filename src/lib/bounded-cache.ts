/**
 * The plugin's one in-process cache: at most `max` entries, each forgotten `ttlMs` after it was
 * set (never, without a ttl). Beyond `max` the entry set longest ago goes first; setting a key
 * again makes it the newest. Reading does not refresh an entry: these caches remember what was
 * done for a session or payment (a created payId, a capture in flight, a refund reported), and
 * such a memory should age from when it was made.
 *
 * Why our own and not `lru-cache`: the plugin would gain a dependency for these few lines, and
 * the callers need exactly this (insertion order, an injectable clock for tests).
 */
export interface BoundedCacheOptions {
  max: number
  /** how long an entry is kept after it was set; default forever (bounded by `max` only) */
  ttlMs?: number
  now?: () => number
}

export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>()
  private readonly max: number
  private readonly ttlMs: number
  private readonly now: () => number

  constructor(options: BoundedCacheOptions) {
    if (!Number.isInteger(options.max) || options.max < 1) {
      throw new RangeError("BoundedCache: max must be a whole number of at least 1")
    }
    this.max = options.max
    this.ttlMs = options.ttlMs ?? Infinity
    this.now = options.now ?? Date.now
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (this.now() - entry.at > this.ttlMs) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  has(key: K): boolean {
    return this.get(key) !== undefined
  }

  set(key: K, value: V): this {
    this.entries.delete(key)
    this.entries.set(key, { value, at: this.now() })
    while (this.entries.size > this.max) {
      // a Map iterates in insertion order: the first key was set longest ago
      this.entries.delete(this.entries.keys().next().value as K)
    }
    return this
  }

  delete(key: K): boolean {
    return this.entries.delete(key)
  }

  /** Entries held, expired ones not yet dropped included (they go on their next read or by `max`). */
  get size(): number {
    return this.entries.size
  }
}
