/** How long a checked session is believed without asking PostgreSQL again (docs/product/rules.md#R839). */
export const SESSION_CACHE_SECONDS = 30;
/** Sessions kept at most per instance; the oldest goes first. */
export const SESSION_CACHE_MAX = 10_000;

export interface CachedSession {
  sessionId: string;
  userId: string;
  email: string;
  isAdmin: boolean;
}

interface Entry {
  session: CachedSession;
  until: number;
}

/**
 * The sessions this instance checked lately, by token hash, each believed until the earlier of
 * 30 seconds and its own expiry. Forgotten on the change notification of docs/product/rules.md#R839
 * (`s:` sessions, `u:` members, `*` everything), and not used at all while that notification may
 * be missed: before the listening connection is up, and whenever it is lost.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private trusted = false;
  /** Raised by every forgetting: a read that began before one may be stale and is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_SECONDS * 1000,
    private readonly max = SESSION_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.session;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** To take before reading a session from the database, and to give back to `set`. */
  mark(): number {
    return this.generation;
  }

  set(tokenHash: string, session: CachedSession, expiresAt: Date, mark: number): void {
    if (!this.trusted || mark !== this.generation) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { session, until });
  }

  /** Applies a payload of the `session_changed` channel. */
  changed(payload: string | undefined): void {
    this.generation += 1;
    if (!payload || payload === '*') return this.entries.clear();
    const ids = new Set(payload.slice(2).split(',').filter(Boolean));
    if (payload.startsWith('s:')) return this.forget((session) => ids.has(session.sessionId));
    if (payload.startsWith('u:')) return this.forget((session) => ids.has(session.userId));
    this.entries.clear();
  }

  forgetSession(sessionId: string): void {
    this.forget((session) => session.sessionId === sessionId);
  }

  forgetUser(userId: string): void {
    this.forget((session) => session.userId === userId);
  }

  /** Whether changes reach this instance: when not, nothing is kept and nothing kept is believed. */
  trust(listening: boolean): void {
    this.trusted = listening;
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(match: (session: CachedSession) => boolean): void {
    this.generation += 1;
    for (const [hash, entry] of this.entries) if (match(entry.session)) this.entries.delete(hash);
  }
}
