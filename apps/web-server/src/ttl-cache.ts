/** Answers kept at most, per cache, the oldest dropped first. */
const MAX_ENTRIES = 2_000;

/**
 * A small time-limited cache: at most `maxEntries` keys (the oldest dropped first), one load in
 * flight per key, so that identical requests share it. `load` must not reject: it says how long
 * its value holds (0: not kept once it has answered).
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  get(key: string, load: () => Promise<{ value: T; ttl: number }>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const entry: { value?: Promise<T>; expires: number } = { expires: Number.POSITIVE_INFINITY };
    const value = load().then(({ value: loaded, ttl }) => {
      entry.expires = Date.now() + ttl;
      return loaded;
    });
    this.entries.set(key, Object.assign(entry, { value }));
    return value;
  }

  /** Forgets every answer (the catalogue changed: they may all be out of date). */
  clear(): void {
    this.entries.clear();
  }
}
