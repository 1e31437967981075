// A bounded least-recently-used map: Map keeps insertion order, so re-inserting on read moves an entry to the end
// and the first key is always the eldest.
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const eldest = this.entries.keys().next();
      if (!eldest.done) this.entries.delete(eldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
