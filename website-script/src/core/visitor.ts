import { newId } from './ids';
import type { KeyValueStore } from './storage';

/**
 * The visitor's anonymous id, stable across pages and visits of one website (localStorage, or memory
 * when storage is refused), and the identity last sent with `identify` (so an unchanged identity is
 * not posted again on every page).
 */
export class Visitor {
  private readonly idKey: string;
  private readonly identityKey: string;

  constructor(
    private readonly store: KeyValueStore,
    websiteKey: string,
  ) {
    this.idKey = `signpost:visitor:${websiteKey}`;
    this.identityKey = `signpost:identity:${websiteKey}`;
  }

  get id(): string {
    const existing = this.store.get(this.idKey);
    if (existing) return existing;
    const made = newId();
    this.store.set(this.idKey, made);
    return made;
  }

  /** The identity last accepted by the API (a JSON string), or null. */
  get identity(): string | null {
    return this.store.get(this.identityKey);
  }

  set identity(value: string | null) {
    if (value == null) this.store.remove(this.identityKey);
    else this.store.set(this.identityKey, value);
  }

  /** Forget the visitor and its identity: the next id is a new anonymous visitor. */
  reset(): string {
    this.store.remove(this.identityKey);
    const made = newId();
    this.store.set(this.idKey, made);
    return made;
  }
}
