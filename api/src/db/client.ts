import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { PreparedStatementPool, preparedStatementsOnPglite } from './prepared-statements';
import { DEFAULT_PUBLIC_BOUNDS, PriorityQueue, databaseBusy, trafficClass, type PublicBounds, type TrafficClass, type TrafficControl } from './priority';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * The one database type every query is written against. Both drivers produce a `PgDatabase`; only
 * the driver-specific result type differs, which no query of ours looks at. So the same query code
 * runs on PGlite and on PostgreSQL.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations in api/drizzle (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, when running on PGlite (tests dump and reload its data folder). */
  pglite?: PGlite;
  /**
   * LISTEN on a channel: `onNotify` gets each NOTIFY payload sent by any process on this database
   * (PGlite: within its one instance). `onReset` is called when notifications may have been lost
   * (the listening connection broke and was opened again): drop whatever they keep fresh.
   * Resolves once listening; the returned function stops it.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReset?: () => void): Promise<() => Promise<void>>;
  /**
   * Runs a statement already written as text with `$n` placeholders (the website script's content
   * call builds its one per-visitor statement once per website) through the same named
   * statements as every drizzle query (prepared-statements.ts): parsed and planned once per connection.
   */
  queryPrepared<Row>(text: string, values: unknown[]): Promise<Row[]>;
  /** The console before the public (priority.ts): PGlite's queue, or PostgreSQL's pools by class. */
  traffic: TrafficControl;
}

/** Connections of each class's pool on PostgreSQL. */
export type PoolSizes = Record<TrafficClass, number>;

export const DEFAULT_POOL_SIZES: PoolSizes = { staff: 5, public: 10, background: 2 };

export type OpenDatabaseOptions =
  /** `poolSize`: each class's pool, or one number for all three. */
  { databaseUrl: string; poolSize?: number | Partial<PoolSizes> } | { pgliteDataDir: string } | { pglite: PGlite };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const sizes = typeof options.poolSize === 'number' ? { staff: options.poolSize, public: options.poolSize, background: options.poolSize } : options.poolSize;
    const pool = new TrafficPools(options.databaseUrl, { ...DEFAULT_POOL_SIZES, ...sizes });
    const db = drizzlePg(pool as unknown as pg.Pool, { schema }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      migrate: () =>
        migrateOnce(options.databaseUrl, () => migratePg(drizzlePg(pool as unknown as pg.Pool, { schema }), { migrationsFolder: migrationsDir() })),
      // The pool names the statement by its text (PreparedStatementPool).
      queryPrepared: async <Row>(text: string, values: unknown[]) => ((await pool.query({ text, values })) as pg.QueryResult).rows as Row[],
      traffic: pool,
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
      listen: async (channel, onNotify, onReset) => {
        const stop = await listenPg(options.databaseUrl, channel, onNotify, onReset);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
    };
  }

  let client: PGlite;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    mkdirSync(options.pgliteDataDir, { recursive: true });
    client = await PGlite.create(options.pgliteDataDir);
  }
  const queue = new PriorityQueue();
  const prepared = inQueue(preparedStatementsOnPglite(client), queue);
  const driver = drizzlePglite(prepared, { schema });
  return {
    db: driver as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(driver, { migrationsFolder: migrationsDir() }),
    close: () => client.close(),
    pglite: client,
    queryPrepared: async <Row>(text: string, values: unknown[]) => (await prepared.query<Row>(text, values)).rows,
    traffic: {
      get bounds() {
        return queue.bounds;
      },
      setBounds: (bounds) => void (queue.bounds = bounds),
      publicOverloaded: () => queue.publicOverloaded(),
      waiting: () => queue.waiting(),
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/** The advisory lock key of migrations (any constant of ours; the seed's is another). */
const MIGRATION_LOCK = 727_273;

/**
 * Runs the migrations while holding a session-level advisory lock on a connection of its own. API
 * processes (or machines) started together on one new database would otherwise each apply the
 * same migrations at once, and all but one fail on objects the first created; with the lock, the
 * others wait and then find nothing left to do. Ending the connection releases the lock.
 */
async function migrateOnce(databaseUrl: string, migrate: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.end();
  }
}

/**
 * PGlite runs one call at a time, in arrival order under its own locks: every call (and every
 * transaction, whole) goes through the priority queue first, so a console call waits for at most the
 * one call running, never for the public's backlog. Inside a transaction, its queries run on the
 * transaction's own handle, not through here.
 */
function inQueue(client: PGlite, queue: PriorityQueue): PGlite {
  const queued = {
    query: (...args: Parameters<PGlite['query']>) => queue.run(() => client.query(...args)),
    transaction: (...args: Parameters<PGlite['transaction']>) => queue.run(() => client.transaction(...args)),
  };
  return queued as unknown as PGlite;
}

/** pg-pool's error for a caller that waited `connectionTimeoutMillis` for a connection. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * PostgreSQL: a pool per class (sizes from the environment), so the console's calls always find a
 * connection of their own, whatever the public holds. The public pool's wait is bounded like PGlite's
 * queue: new public requests are refused while `queueMax` public calls wait for a connection, and a
 * public call that waited `waitMaxMs` for one is refused (503) instead of running. drizzle calls
 * `query` and, for a transaction, `connect` (it recognises a pool by its class name).
 */
class TrafficPools implements TrafficControl {
  private readonly pools: Record<TrafficClass, PreparedStatementPool>;
  bounds: PublicBounds = DEFAULT_PUBLIC_BOUNDS;

  constructor(connectionString: string, sizes: PoolSizes) {
    const open = (max: number, connectionTimeoutMillis?: number) => {
      const pool = new PreparedStatementPool({ connectionString, max, connectionTimeoutMillis });
      // A broken idle connection must not crash the process; the pool replaces it.
      pool.on('error', () => {});
      return pool;
    };
    this.pools = { staff: open(sizes.staff), public: open(sizes.public, this.bounds.waitMaxMs), background: open(sizes.background) };
  }

  setBounds(bounds: PublicBounds): void {
    this.bounds = bounds;
    this.pools.public.options.connectionTimeoutMillis = bounds.waitMaxMs;
  }

  publicOverloaded(): boolean {
    return this.pools.public.waitingCount >= this.bounds.queueMax;
  }

  waiting(): Record<TrafficClass, number> {
    return { staff: this.pools.staff.waitingCount, public: this.pools.public.waitingCount, background: this.pools.background.waitingCount };
  }

  // The same loose signature as PreparedStatementPool.query, passed on to the caller's class's pool.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(...args: any[]): any {
    const cls = trafficClass();
    const answer = (this.pools[cls].query as (...a: unknown[]) => Promise<unknown>)(...args);
    return cls === 'public' ? answer.catch((err: unknown) => this.refused(err)) : answer;
  }

  async connect(): Promise<pg.PoolClient> {
    const cls = trafficClass();
    try {
      return await this.pools[cls].connect();
    } catch (err) {
      return cls === 'public' ? this.refused(err) : Promise.reject(err);
    }
  }

  async end(): Promise<void> {
    await Promise.all(Object.values(this.pools).map((pool) => pool.end()));
  }

  /** A public call that waited too long for a connection is the 503 of a busy database. */
  private refused(err: unknown): never {
    if (err instanceof Error && err.message === POOL_WAIT_TIMEOUT) throw databaseBusy(this.bounds);
    throw err;
  }
}

/**
 * LISTEN on PostgreSQL needs a connection of its own, outside the pool (a pooled connection goes back
 * to others between queries). When it breaks, it is opened again after a second, and `onReset` says
 * that notifications sent meanwhile were missed.
 */
async function listenPg(url: string, channel: string, onNotify: (payload: string) => void, onReset?: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let everConnected = false;
  const reconnectLater = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect().catch(reconnectLater), 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => {
      if (stopped || client !== c) return;
      client = null;
      void c.end().catch(() => {});
      onReset?.();
      reconnectLater();
    });
    try {
      await c.connect();
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    // The channel is an identifier: quoted (it is ours, never a caller's).
    await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    const again = everConnected;
    everConnected = true;
    client = c;
    // Changes made while the connection was down were not heard: what was kept meanwhile is dropped too.
    if (again) onReset?.();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  };
}
