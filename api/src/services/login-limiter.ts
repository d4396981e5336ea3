import type { Config } from '../config';
import type { Db } from '../db/client';
import { tooManyRequests } from '../lib/errors';
import { throttlesStore, type ThrottleRule } from '../stores/throttles';

/**
 * 429 with the exact wait: in Retry-After, and in the message (seconds under a minute, else
 * minutes rounded up), so that the console and any other client can say how long.
 */
function refuseFor(waitSeconds: number): void {
  if (waitSeconds <= 0) return;
  const seconds = Math.max(1, Math.ceil(waitSeconds));
  const message =
    seconds < 60
      ? { code: 'auth.tooManyAttemptsSeconds' as const, params: { count: seconds } }
      : { code: 'auth.tooManyAttempts' as const, params: { count: Math.ceil(seconds / 60) } };
  throw tooManyRequests(message, seconds);
}

/**
 * Throttling of guessable secrets (passwords, reset, invitation and e-mail links), without lock-out.
 *
 * An attempt is counted BEFORE the secret is checked, by one atomic UPSERT per key, so parallel
 * guesses each count (a check-then-record limiter lets a burst through). Past a number of free
 * attempts, each attempt makes the next one wait, progressively longer (doubling, capped); while
 * a key waits, attempts are refused with 429 and Retry-After. A refused attempt counts on NO key:
 * otherwise an attacker hammering from an address that already waits keeps feeding the other keys.
 * A success clears the account-and-address key. Counts reset after a quiet window.
 *
 * A password is checked against two keys that refuse: the account from this address (what slows a
 * guesser down to a crawl, 30 s doubling to 15 min) and the address over every account (spraying).
 *
 * The account from anywhere never refuses anything. It only tallies wrong passwords that were
 * actually checked, and while it is high (the account is being guessed at from many addresses) an
 * address gets a single free attempt on that account instead of the usual few before its own delay
 * starts. Whatever waits is always keyed on the caller's own address, so nobody elsewhere can make
 * the owner wait, however many addresses they hold: the owner's right password from an address
 * without failures on the account is checked, and signs in, at once. A shared account-wide delay
 * cannot give that: any attacker can keep it armed forever, and refusing a right password from a
 * fresh address is exactly the lock-out this limiter must not allow. The price is that each new
 * attacking address gets one guess per window; that is the floor for any scheme that lets a right
 * password from a new address through, and each further guess from it waits 30 s, 60 s, ... 15 min.
 * Rows live in the database, so every API process counts the same attempts.
 */
export type LinkKind = 'reset' | 'invitation' | 'email-confirm' | 'email-accept';

export class LoginLimiter {
  readonly rules: { accountAddress: ThrottleRule; accountAddressUnderAttack: ThrottleRule; address: ThrottleRule; link: ThrottleRule };
  /** Checked wrong passwords on an account, from anywhere within the window, that make it "under attack". */
  readonly accountAlarm: number;
  private readonly throttles: ReturnType<typeof throttlesStore>;

  constructor(
    db: Db,
    private readonly config: Config['login'],
  ) {
    this.rules = {
      accountAddress: { free: config.maxFailures, baseSeconds: 30, capSeconds: 15 * 60 },
      accountAddressUnderAttack: { free: 1, baseSeconds: 30, capSeconds: 15 * 60 },
      address: { free: config.ipMaxFailures, baseSeconds: 30, capSeconds: 15 * 60 },
      link: { free: config.ipMaxFailures, baseSeconds: 30, capSeconds: 15 * 60 },
    };
    this.accountAlarm = config.maxFailures * 4;
    this.throttles = throttlesStore(db, config.windowMinutes);
  }

  /**
   * Counts a password check on the account from this address (sign-in, and the current password of
   * a password or e-mail change: one budget, so a stolen session buys no extra guesses); throws 429
   * while this address must wait.
   */
  async beginPasswordCheck(email: string, ip: string): Promise<void> {
    const accountAddress = (await this.underAttack(email)) ? this.rules.accountAddressUnderAttack : this.rules.accountAddress;
    await this.take([
      [`login:${email}|${ip}`, accountAddress],
      [`login-ip:${ip}`, this.rules.address],
    ]);
  }

  /** A wrong password was checked: it counts on the account from anywhere (never a refused attempt). */
  async passwordRefused(email: string): Promise<void> {
    await this.throttles.tally(`login:${email}`);
  }

  /**
   * A right password: this account from this address starts afresh, and the attempt counted on the
   * address is given back, so that signing in, however often, never adds up to a delay.
   */
  async passwordAccepted(email: string, ip: string): Promise<void> {
    await this.throttles.remove(`login:${email}|${ip}`);
    await this.throttles.giveBack(`login-ip:${ip}`);
  }

  /** A throttled check of the current password (password or e-mail change): true when it is right. */
  async checkPassword(email: string, ip: string, verify: () => Promise<boolean>): Promise<boolean> {
    await this.beginPasswordCheck(email, ip);
    const ok = await verify();
    if (ok) await this.passwordAccepted(email, ip);
    else await this.passwordRefused(email);
    return ok;
  }

  private async underAttack(email: string): Promise<boolean> {
    return (await this.throttles.recentAttempts(`login:${email}`)) >= this.accountAlarm;
  }

  /** Proving control of the mailbox (a reset link) lifts every sign-in delay on the account. */
  async clearAccount(email: string): Promise<void> {
    await this.throttles.removeKeyAndPrefixed(`login:${email}`, `login:${email}|`);
  }

  /** Counts an attempt at a mailed link (reset, invitation, e-mail change) from this address; throws 429 while it must wait. */
  async beginLinkAttempt(kind: LinkKind, ip: string): Promise<void> {
    await this.take([[`${kind}-link:${ip}`, this.rules.link]]);
  }

  /**
   * Refuses, without counting anything, while any key waits; then counts the keys in turn and stops
   * at the first that must wait (another attempt armed it in between), so that a refused attempt
   * adds to no other key.
   */
  private async take(keys: [string, ThrottleRule][]): Promise<void> {
    refuseFor(await this.throttles.waiting(keys.map(([key]) => key)));
    for (const [key, rule] of keys) refuseFor(await this.throttles.count(key, rule));
  }

  /** Drops keys quiet for longer than the window and not waiting (run on the app's schedule). */
  async prune(): Promise<void> {
    await this.throttles.prune();
  }
}
