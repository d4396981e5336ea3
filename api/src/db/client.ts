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
}

export type OpenDatabaseOptions = { databaseUrl: string; poolSize?: number } | { pgliteDataDir: string } | { pglite: PGlite };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new PreparedStatementPool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsDir() }),
      // The pool names the statement by its text (PreparedStatementPool).
      queryPrepared: async <Row>(text: string, values: unknown[]) => ((await pool.query({ text, values })) as pg.QueryResult).rows as Row[],
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
  const prepared = preparedStatementsOnPglite(client);
  const driver = drizzlePglite(prepared, { schema });
  return {
    db: driver as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(driver, { migrationsFolder: migrationsDir() }),
    close: () => client.close(),
    pglite: client,
    queryPrepared: async <Row>(text: string, values: unknown[]) => (await prepared.query<Row>(text, values)).rows,
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
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
