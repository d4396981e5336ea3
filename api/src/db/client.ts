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
}

export type OpenDatabaseOptions = { databaseUrl: string; poolSize?: number } | { pgliteDataDir: string } | { pglite: PGlite };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsDir() }),
      close: () => pool.end(),
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
  return {
    db: driver as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(driver, { migrationsFolder: migrationsDir() }),
    close: () => client.close(),
    pglite: client,
  };
}
