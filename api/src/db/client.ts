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
   * Runs a statement the process runs very often (the website script's content call, issue 12) so that
   * it is parsed and planned once: on PostgreSQL a named statement, prepared once per pooled connection
   * (planning was most of that call's database time); on PGlite prepared once in its one session
   * (PglitePrepared). `name` must stand for `text` alone (a hash of it), as the server keeps one text
   * per name, and be an SQL identifier.
   */
  queryPrepared<Row>(name: string, text: string, values: unknown[]): Promise<Row[]>;
}

export type OpenDatabaseOptions = { databaseUrl: string; poolSize?: number } | { pgliteDataDir: string } | { pglite: PGlite };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsDir() }),
      queryPrepared: async <Row>(name: string, text: string, values: unknown[]) =>
        (await pool.query<Row & pg.QueryResultRow>({ name, text, values })).rows as Row[],
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
  const driver = drizzlePglite(client, { schema });
  const statements = new PglitePrepared(client);
  return {
    db: driver as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(driver, { migrationsFolder: migrationsDir() }),
    close: () => client.close(),
    pglite: client,
    queryPrepared: (name, text, values) => statements.run(name, text, values),
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

/**
 * Prepared statements on PGlite, which has no named statements in its API (each `query` parses,
 * plans and runs in five protocol messages): `PREPARE` once in its one session, then each run is one
 * simple-protocol `EXECUTE` with the values as quoted literals (pg's escapeLiteral). On the content
 * call this is a third of an unprepared query's time. A value that cannot travel as a literal (not a
 * string, number, boolean or date; a string holding NUL) runs as an ordinary query instead.
 */
class PglitePrepared {
  /** Statements kept at most (one per website targeting shape in use): past it, all are dropped and prepared again as used. */
  private static readonly MOST = 256;
  private readonly prepared = new Map<string, Promise<void>>();

  constructor(private readonly client: PGlite) {}

  async run<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    const literals = values.map(literal);
    if (literals.some((l) => l === undefined)) return (await this.client.query<Row>(text, values)).rows;
    try {
      return await this.execute<Row>(name, text, literals as string[]);
    } catch (err) {
      // Deallocated meanwhile (the cap below, or anyone in the session): prepared again, once.
      if ((err as { code?: string }).code !== '26000') throw err;
      this.prepared.delete(name);
      return this.execute<Row>(name, text, literals as string[]);
    }
  }

  private async execute<Row>(name: string, text: string, literals: string[]): Promise<Row[]> {
    let ready = this.prepared.get(name);
    if (!ready) {
      const room = this.prepared.size >= PglitePrepared.MOST ? (this.prepared.clear(), this.client.exec('DEALLOCATE ALL')) : Promise.resolve();
      // The name is ours (a hash of the text), never a caller's.
      ready = room.then(() => this.client.exec(`PREPARE ${name} AS ${text}`)).then(() => {});
      this.prepared.set(name, ready);
      ready.catch(() => this.prepared.delete(name));
    }
    await ready;
    const [result] = await this.client.exec(`EXECUTE ${name}${literals.length ? `(${literals.join(', ')})` : ''}`);
    return (result?.rows ?? []) as Row[];
  }
}

/** A value as an SQL literal the prepared statement's parameter type reads, or undefined when it cannot be one. */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'number' || typeof value === 'boolean') return pg.escapeLiteral(String(value));
  if (typeof value === 'string' && !value.includes('\0')) return pg.escapeLiteral(value);
  return undefined;
}
