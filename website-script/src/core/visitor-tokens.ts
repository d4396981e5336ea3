import type { KeyValueStore } from './storage';

/** A token is not used in its last minute: a batch sent with it would arrive expired. */
const MARGIN_MS = 60_000;
/** Visitors whose tokens are kept (this one, and the one before a `reset` whose events may be unsent). */
const KEPT = 3;

type Kept = Record<string, { token: string; until: number }>;

/**
 * The visitor tokens the content call answers, kept in localStorage with the time each stops being
 * usable (by this browser's clock: the server says how long it lives, not when), so the next page
 * can send what this one left before its own content call returns.
 */
export class VisitorTokenStore {
  private readonly key: string;

  constructor(
    private readonly store: KeyValueStore,
    websiteKey: string,
  ) {
    this.key = `signpost:token:${websiteKey}`;
  }

  get(visitorId: string): string | null {
    const kept = this.read()[visitorId];
    return kept && kept.until > Date.now() ? kept.token : null;
  }

  set(visitorId: string, token: string, ttlSeconds: number) {
    const all = this.read();
    delete all[visitorId];
    all[visitorId] = { token, until: Date.now() + Math.max(0, ttlSeconds * 1000 - MARGIN_MS) };
    const entries = Object.entries(all).slice(-KEPT);
    this.store.set(this.key, JSON.stringify(Object.fromEntries(entries)));
  }

  forget(visitorId: string) {
    const all = this.read();
    if (!(visitorId in all)) return;
    delete all[visitorId];
    this.store.set(this.key, JSON.stringify(all));
  }

  private read(): Kept {
    try {
      const parsed: unknown = JSON.parse(this.store.get(this.key) ?? '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Kept) : {};
    } catch {
      return {};
    }
  }
}
