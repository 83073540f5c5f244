/** A Map that forgets its oldest entries beyond `limit` (insertion order), for small caches. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super()
  }

  set(key: K, value: V): this {
    if (this.has(key)) this.delete(key)
    super.set(key, value)
    while (this.size > this.limit) {
      const oldest = this.keys().next().value as K
      this.delete(oldest)
    }
    return this
  }
}
