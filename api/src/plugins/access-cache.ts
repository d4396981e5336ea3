import type { Database } from '../db/client';

/** The channel the triggers of migration 0011 notify on when sessions, accounts, roles or websites change. */
export const ACCESS_CHANNEL = 'signpost_access';

/**
 * How long a kept answer may be used at most, even when no change was heard: a bound on staleness
 * should a notice ever be lost while the listening connection is down (it is also dropped then).
 */
const MAX_AGE_MS = 30_000;
/** Entries kept at most per map (a process serves a bounded number of live sessions at once). */
const MAX_ENTRIES = 10_000;

/**
 * What the access hook reads on every signed-in call — the caller's session, permissions and active
 * website — kept in the process between calls (most of a list call's time was these
 * two queries, not the list). Everything is forgotten at once when:
 *  - any write call of this process is about to answer (so a sign-out, a role change or a website
 *    deletion is seen by the very next call, deterministically), and
 *  - another process says so through PostgreSQL (`pg_notify` from triggers on token_families, users,
 *    user_roles, roles and websites; migration 0011), for several API processes on one database.
 * Reads vastly outnumber such writes, so forgetting everything is simpler than tracking which entry
 * a change touches, and cannot miss one.
 */
export class AccessCache<Session, Website> {
  private sessions = new Map<string, { value: Session; at: number }>();
  private websites = new Map<string, { value: Website | null; at: number }>();
  private stopListening: (() => Promise<void>) | null = null;
  /** Bumped by every clear(), so a load that started before it does not keep its stale answer. */
  private generation = 0;

  async start(database: Database): Promise<void> {
    this.stopListening = await database.listen(
      ACCESS_CHANNEL,
      () => this.clear(),
      () => this.clear(),
    );
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    this.clear();
    if (stop) await stop().catch(() => {});
  }

  clear(): void {
    this.generation++;
    this.sessions.clear();
    this.websites.clear();
  }

  /** The session of a token family, loaded once and kept. */
  session(familyId: string, load: () => Promise<Session>): Promise<Session> {
    return this.through(this.sessions, familyId, load);
  }

  /** A website of an organisation (null: none such), loaded once and kept. */
  website(organisationId: string, websiteId: string, load: () => Promise<Website | null>): Promise<Website | null> {
    return this.through(this.websites, `${organisationId}:${websiteId}`, load);
  }

  private async through<V>(map: Map<string, { value: V; at: number }>, key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const kept = map.get(key);
    if (kept && now - kept.at < MAX_AGE_MS) return kept.value;
    // Taken before the query: a clear() while it runs must win over what it read.
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      if (map.size >= MAX_ENTRIES) map.clear();
      map.set(key, { value, at: now });
    }
    return value;
  }
}
