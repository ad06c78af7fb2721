/**
 * What the statistics page read of past days, kept in memory by each API instance
 * (docs/product/rules.md#R685): an entry is valid for the generation of the daily figures it was
 * read under, and all entries go as soon as a request sees another generation — read in the same
 * statement as today's live rows, so every instance notices every change at its next request.
 * A load is shared by the requests that ask for the same key meanwhile; a failed one is not kept.
 */
export class PastFiguresCache<T> {
  private generation: string | null = null;
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly maxEntries: number) {}

  get(generation: string, key: string, load: () => Promise<T>): Promise<T> {
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
    }
    const kept = this.entries.get(key);
    if (kept) return kept;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }
}
