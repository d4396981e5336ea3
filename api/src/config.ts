import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { REMOTES } from 'contracts/remotes';
import { parseAllowedHosts } from './lib/outbound-address';
import { repoRoot } from './paths';
import { DEFAULT_POOL_SIZES, type PoolSizes } from './db/client';
import { DEFAULT_PUBLIC_BOUNDS, type PublicBounds } from './db/priority';

/** The console's port under `pnpm start` and `pnpm dev` (scripts/lib/product.mjs). */
const CONSOLE_PORT = 3000;

/** Every setting of the API, read from the environment once at start (see README, "Configuration"). */
// By default, the console and every remote of the registry (contracts/src/remotes.json) on this machine.
const DEFAULT_CORS = [CONSOLE_PORT, ...REMOTES.map((r) => r.port)].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The documented development password of the seeded super-admin (README). */
export const DEFAULT_SEED_ADMIN_PASSWORD = 'Signpost-admin-1';

const intFrom = (fallback: number, min = 1) => z.coerce.number().int().min(min).default(fallback);

const envSchema = z.object({
  PORT: intFrom(4000, 0),
  HOST: z.string().default('0.0.0.0'),
  /**
   * API processes started on this machine (Node's cluster module: they share PORT, the primary hands
   * out connections in turn). Above 1 it needs DATABASE_URL: PGlite is one process's database.
   */
  API_PROCESSES: intFrom(1),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString,
  /** PostgreSQL: connections of the console's, the public's and background work's pools. */
  DATABASE_POOL_STAFF: intFrom(DEFAULT_POOL_SIZES.staff),
  DATABASE_POOL_PUBLIC: intFrom(DEFAULT_POOL_SIZES.public),
  DATABASE_POOL_BACKGROUND: intFrom(DEFAULT_POOL_SIZES.background),
  /** Public requests served at once (the others wait their turn). */
  PUBLIC_CONCURRENCY: intFrom(DEFAULT_PUBLIC_BOUNDS.concurrency),
  /** Public requests waiting (for their turn, or for the database) past which new ones are answered 503. */
  PUBLIC_QUEUE_MAX: intFrom(DEFAULT_PUBLIC_BOUNDS.queueMax),
  /** The longest a public request waits for its turn or for the database (ms) before it is answered 503 instead. */
  PUBLIC_WAIT_MS: intFrom(DEFAULT_PUBLIC_BOUNDS.waitMaxMs),
  AUTH_SECRET: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: intFrom(900),
  REFRESH_TOKEN_TTL_DAYS: intFrom(30),
  CORS_ORIGINS: optionalString,
  PUBLIC_APP_URL: z.string().url().default('http://localhost:3000'),
  /** Where the website script's loader is served (the install snippet loads it). */
  WEBSITE_SCRIPT_URL: z.string().url().default('http://localhost:3006/signpost.js'),
  /** The API's public origin, when it sits behind a proxy (default: the request's own origin). */
  PUBLIC_API_URL: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Signpost <no-reply@signpost.local>'),
  SEED_ADMIN_EMAIL: z.string().email().default('admin@signpost.local'),
  SEED_ADMIN_PASSWORD: z.string().min(8).default(DEFAULT_SEED_ADMIN_PASSWORD),
  NODE_ENV: z.string().optional(),
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  REFRESH_REUSE_INTERVAL_SECONDS: intFrom(10, 0),
  LOGIN_MAX_FAILURES: intFrom(5),
  LOGIN_IP_MAX_FAILURES: intFrom(50),
  LOGIN_WINDOW_MINUTES: intFrom(15),
  /** Calls a minute each API key may make, all API processes together (429 past it). */
  API_KEY_REQUESTS_PER_MINUTE: intFrom(600),
  /**
   * The proxies in front of the API whose X-Forwarded-For (and -Proto) are believed: a hop count or
   * their addresses and networks (see parseTrustProxy). Off by default.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, c) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        c.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** E-mail campaigns: at most this many e-mails a second per website, per API process. */
  EMAIL_RATE_PER_SECOND: intFrom(20),
  /** How often the sender looks for due e-mails (ms). */
  EMAIL_POLL_MS: intFrom(1000),
  /** The first retry after a temporary SMTP failure waits this long (ms); each next one twice as long. */
  EMAIL_RETRY_BASE_MS: intFrom(30_000),
  /** Temporary failures before an e-mail is given up. */
  EMAIL_MAX_ATTEMPTS: intFrom(6),
  /** A claimed e-mail left unsent this long (its process died) is claimed again (ms). */
  EMAIL_LEASE_MS: intFrom(300_000),
  /**
   * A staff answer to a visitor who left an address is e-mailed only if it is still unread this
   * long after it was sent (seconds); answers sent meanwhile go in the same e-mail.
   */
  MESSENGER_REPLY_MAIL_DELAY_SECONDS: intFrom(180, 0),
  /** `off`: this process sends no campaign e-mail (another one does). */
  EMAIL_SENDER: z.enum(['on', 'off']).default('on'),
  /**
   * Tests of the running product only: a file holding milliseconds added to the product's clock
   * (schedules, the script's decisions, e-mail timing; never tokens), so a browser test can see a
   * schedule start without waiting for it. Refused in production.
   */
  CLOCK_OFFSET_FILE: z.string().min(1).optional(),
  /**
   * Hosts the API may reach whatever their address, for requests to addresses someone outside chose
   * (push subscriptions): comma-separated `host`, `host:port`, `[v6]:port` or `*.suffix`.
   */
  OUTBOUND_ALLOWED_HOSTS: optionalString,
  /** Webhook deliveries: first retry after this (doubling), tries in all, a try's time limit, failed tries in a row before the endpoint is disabled. */
  WEBHOOK_RETRY_BASE_MS: intFrom(30_000),
  WEBHOOK_MAX_ATTEMPTS: intFrom(8),
  WEBHOOK_TIMEOUT_MS: intFrom(10_000),
  WEBHOOK_DISABLE_AFTER: intFrom(20),
  /** `known`: push subscriptions only to the browsers' push services (and allow-listed hosts); `any`: any public host. */
  WEB_PUSH_SERVICES: z.enum(['known', 'any']).default('known'),
  /** A visitor's push subscriptions beyond this many replace their oldest. */
  WEB_PUSH_MAX_SUBSCRIPTIONS_PER_VISITOR: intFrom(5),
  /** A website's push subscriptions beyond this many replace its oldest anonymous ones first. */
  WEB_PUSH_MAX_SUBSCRIPTIONS_PER_WEBSITE: intFrom(100_000),
  /**
   * Live streams (Server-Sent Events) one API process holds at once. Each holds a connection (a file
   * descriptor) for minutes, so they are counted: per visitor token, per visitor and per client
   * address for the website script's stream, per user for the console's, and per process for each
   * kind (the process totals stay well below the open-file limit, so sign-in and health are served).
   */
  LIVE_STREAMS_PER_TOKEN: intFrom(4),
  LIVE_STREAMS_PER_VISITOR: intFrom(6),
  LIVE_STREAMS_PER_ADDRESS: intFrom(40),
  LIVE_STREAMS_MAX: intFrom(2000),
  LIVE_STAFF_STREAMS_PER_USER: intFrom(8),
  LIVE_STAFF_STREAMS_MAX: intFrom(500),
  /** A stream ends after this long (s) and its client reconnects, its token or session checked again. */
  LIVE_STREAM_LIFETIME_SECONDS: intFrom(600),
  /** The console's streams check their session again at least this often (s), besides on every change heard. */
  LIVE_SESSION_CHECK_SECONDS: intFrom(30),
});

export interface Config {
  port: number;
  host: string;
  /** API_PROCESSES: worker processes sharing the port (main.ts). */
  processes: number;
  dataDir: string;
  /** PostgreSQL connection string; when absent the API runs on PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  /** The console before the public: PostgreSQL's pools per class, and how long the public may wait (both databases). */
  database: { pools: PoolSizes; publicBounds: PublicBounds };
  authSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** A spent refresh token presented again within this many seconds gets the same successor (two tabs). */
  refreshReuseIntervalSeconds: number;
  corsOrigins: string[];
  publicAppUrl: string;
  /** WEBSITE_SCRIPT_URL: the website script's address, for the install snippet. */
  websiteScriptUrl: string;
  /** PUBLIC_API_URL without its trailing slash, or null (then the request's own origin). */
  publicApiUrl: string | null;
  /**
   * The API's origin as links in e-mails name it: PUBLIC_API_URL, else the API's own listen address
   * (`http://localhost:PORT` when it listens on every interface). Never taken from a request: the
   * Host header is the client's word, and a forged one would put the sender's domain in every
   * recipient's unsubscribe, open and click links.
   */
  apiBaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedAdminEmail: string;
  seedAdminPassword: string;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | null;
  login: { maxFailures: number; ipMaxFailures: number; windowMinutes: number };
  /** API_KEY_REQUESTS_PER_MINUTE. */
  apiKeys: { requestsPerMinute: number };
  /** Fastify's trustProxy: false (believe no forwarding header), a hop count, or the proxies' addresses and networks. */
  trustProxy: TrustProxy;
  logLevel: string;
  email: { ratePerSecond: number; pollMs: number; retryBaseMs: number; maxAttempts: number; leaseMs: number; sender: boolean };
  /** MESSENGER_REPLY_MAIL_DELAY_SECONDS, in ms. */
  messenger: { replyMailDelayMs: number };
  /** CLOCK_OFFSET_FILE (tests of the running product), or null. */
  clockOffsetFile: string | null;
  /** OUTBOUND_ALLOWED_HOSTS (lib/outbound-address.ts). */
  outbound: { allowedHosts: string[] };
  /** Webhook deliveries (services/webhook-sender.ts); polled and leased as e-mails are. */
  webhooks: { retryBaseMs: number; maxAttempts: number; timeoutMs: number; disableAfter: number };
  webPush: { services: 'known' | 'any'; maxSubscriptionsPerVisitor: number; maxSubscriptionsPerWebsite: number };
  /** Caps on live streams (services/live-hub.ts). */
  liveStreams: LiveStreamCaps;
}

export interface LiveStreamCaps {
  perToken: number;
  perVisitor: number;
  perAddress: number;
  max: number;
  staffPerUser: number;
  staffMax: number;
  sessionCheckSeconds: number;
  lifetimeSeconds: number;
}

/**
 * The HS256 signing secret: AUTH_SECRET when given, else a random one generated on first start and
 * kept in `<dataDir>/auth-secret` so tokens survive a restart (and every process sharing the data
 * folder agrees on it).
 */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export type TrustProxy = false | number | string[];

/** Names proxy-addr accepts for the usual private ranges, besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it, naming which proxies are believed:
 * - unset, empty, `false` or `0`: none (the connection's address is the client's);
 * - a whole number of hops, `1` behind one reverse proxy: the client is the address that many hops
 *   in from the right of X-Forwarded-For (what that proxy appended), whatever the client wrote to the left;
 * - addresses and networks, comma-separated (`127.0.0.1,10.0.0.0/8`, or `loopback`, `linklocal`,
 *   `uniquelocal`): hops from those addresses are believed, and the client is the rightmost hop that
 *   is not one of them.
 * `true` is refused: it believed every hop, so the client chose its own address (the leftmost of a
 * header it wrote) and walked past every per-address limit; no safe reading of it exists, since
 * the number and addresses of the proxies are only known to whoever deploys them.
 * Answers `{ error }` for a value that is none of these.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    return {
      error:
        'true would believe every X-Forwarded-For hop, so any client could choose its address; name the proxies instead: a hop count (TRUST_PROXY=1 behind one reverse proxy) or their addresses and networks (TRUST_PROXY=127.0.0.1,10.0.0.0/8)',
    };
  }
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const wrong = entries.filter((x) => !PROXY_RANGE_NAMES.has(x) && !validAddressOrNetwork(x));
  if (wrong.length > 0 || entries.length === 0) {
    return {
      error: `${wrong.join(', ') || v} is not a hop count, an address or a network (e.g. TRUST_PROXY=1, or TRUST_PROXY=127.0.0.1,10.0.0.0/8)`,
    };
  }
  return entries;
}

function validAddressOrNetwork(x: string): boolean {
  if (x.includes('/')) {
    try {
      ipaddr.parseCIDR(x);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(x) && (ipaddr.IPv4.isValidFourPartDecimal(x) || x.includes(':'));
}

function allowedHosts(list: string | undefined): string[] {
  const entries = (list ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  try {
    return parseAllowedHosts(entries);
  } catch (err) {
    throw new Error(`Invalid configuration: OUTBOUND_ALLOWED_HOSTS: ${(err as Error).message}`, { cause: err });
  }
}

/** The API's own address as a URL origin: every-interface addresses read as `localhost`, IPv6 in brackets. */
export function ownOrigin(host: string, port: number): string {
  const name = ['', '0.0.0.0', '::', '[::]'].includes(host.trim()) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  const root = repoRoot();
  const dataDir = path.resolve(root, e.DATA_DIR ?? path.join('.data', 'api'));
  mkdirSync(dataDir, { recursive: true });

  // The seeded super-admin's password is printed in the README: anyone could sign in with it. In
  // production it must be chosen (development, tests and `pnpm start` keep the documented one).
  if (e.NODE_ENV === 'production' && e.SEED_ADMIN_PASSWORD === DEFAULT_SEED_ADMIN_PASSWORD) {
    throw new Error('Invalid configuration: set SEED_ADMIN_PASSWORD; the default super-admin password is refused in production (NODE_ENV=production)');
  }

  if (e.NODE_ENV === 'production' && e.CLOCK_OFFSET_FILE) {
    throw new Error('Invalid configuration: CLOCK_OFFSET_FILE moves the product clock for tests and is refused in production (NODE_ENV=production)');
  }

  if (e.API_PROCESSES > 1 && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration: API_PROCESSES above 1 needs DATABASE_URL (a PostgreSQL server): the embedded PGlite database belongs to one process',
    );
  }

  if (e.AUTH_SECRET && e.AUTH_SECRET.length < 32) {
    throw new Error('Invalid configuration: AUTH_SECRET must be at least 32 characters');
  }

  return {
    port: e.PORT,
    host: e.HOST,
    processes: e.API_PROCESSES,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    database: {
      pools: { staff: e.DATABASE_POOL_STAFF, public: e.DATABASE_POOL_PUBLIC, background: e.DATABASE_POOL_BACKGROUND },
      publicBounds: { concurrency: e.PUBLIC_CONCURRENCY, queueMax: e.PUBLIC_QUEUE_MAX, waitMaxMs: e.PUBLIC_WAIT_MS },
    },
    authSecret: e.AUTH_SECRET ?? persistedSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseIntervalSeconds: e.REFRESH_REUSE_INTERVAL_SECONDS,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : DEFAULT_CORS,
    publicAppUrl: e.PUBLIC_APP_URL.replace(/\/+$/, ''),
    websiteScriptUrl: e.WEBSITE_SCRIPT_URL,
    publicApiUrl: e.PUBLIC_API_URL ? e.PUBLIC_API_URL.replace(/\/+$/, '') : null,
    apiBaseUrl: e.PUBLIC_API_URL ? e.PUBLIC_API_URL.replace(/\/+$/, '') : ownOrigin(e.HOST, e.PORT),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedAdminEmail: e.SEED_ADMIN_EMAIL.toLowerCase(),
    seedAdminPassword: e.SEED_ADMIN_PASSWORD,
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET } : null,
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      ipMaxFailures: e.LOGIN_IP_MAX_FAILURES,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
    },
    apiKeys: { requestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    email: {
      ratePerSecond: e.EMAIL_RATE_PER_SECOND,
      pollMs: e.EMAIL_POLL_MS,
      retryBaseMs: e.EMAIL_RETRY_BASE_MS,
      maxAttempts: e.EMAIL_MAX_ATTEMPTS,
      leaseMs: e.EMAIL_LEASE_MS,
      sender: e.EMAIL_SENDER === 'on',
    },
    messenger: { replyMailDelayMs: e.MESSENGER_REPLY_MAIL_DELAY_SECONDS * 1000 },
    clockOffsetFile: e.CLOCK_OFFSET_FILE ? path.resolve(root, e.CLOCK_OFFSET_FILE) : null,
    outbound: { allowedHosts: allowedHosts(e.OUTBOUND_ALLOWED_HOSTS) },
    webhooks: {
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      disableAfter: e.WEBHOOK_DISABLE_AFTER,
    },
    webPush: {
      services: e.WEB_PUSH_SERVICES,
      maxSubscriptionsPerVisitor: e.WEB_PUSH_MAX_SUBSCRIPTIONS_PER_VISITOR,
      maxSubscriptionsPerWebsite: e.WEB_PUSH_MAX_SUBSCRIPTIONS_PER_WEBSITE,
    },
    liveStreams: {
      perToken: e.LIVE_STREAMS_PER_TOKEN,
      perVisitor: e.LIVE_STREAMS_PER_VISITOR,
      perAddress: e.LIVE_STREAMS_PER_ADDRESS,
      max: e.LIVE_STREAMS_MAX,
      staffPerUser: e.LIVE_STAFF_STREAMS_PER_USER,
      staffMax: e.LIVE_STAFF_STREAMS_MAX,
      sessionCheckSeconds: e.LIVE_SESSION_CHECK_SECONDS,
      lifetimeSeconds: e.LIVE_STREAM_LIFETIME_SECONDS,
    },
  };
}
