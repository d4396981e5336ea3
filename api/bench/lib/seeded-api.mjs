// What the API benches over a big seeded database share: the BUILT API (api/dist/main.js) started
// alone on a loopback port, on PGlite (a throwaway data folder) or on a throwaway PostgreSQL cluster,
// with bench rows put in by SQL between the first start (migrate, seed) and the measurements.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startProduct } from '../../../scripts/lib/product.mjs';
import { getThrowawayPostgres } from '../../../scripts/lib/pg-throwaway.mjs';

/** The p-th percentile of sorted numbers, to two decimals (null for none). */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 100) / 100;
}

const startApi = (dataDir, port, env) =>
  startProduct({ dataDir, apps: ['api'], ports: { api: port }, hostname: '127.0.0.1', quiet: true, env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env } });

/**
 * PGlite: first start (migrate, seed), stop (PGlite cannot be opened by two processes), `seed(query)`
 * on the data folder, start again, `measure(apiUrl, seeded)`. Everything is removed afterwards.
 */
export async function onPglite({ prefix, port, env = {}, seed, measure, log }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  let api;
  try {
    log('PGlite: first start (migrate, seed)…');
    api = await startApi(dataDir, port, env);
    await api.stop();
    api = null;
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    let seeded;
    try {
      seeded = await seed((text, params) => db.query(text, params));
    } finally {
      await db.close();
    }
    api = await startApi(dataDir, port, env);
    return await measure(api.urls.api, seeded);
  } finally {
    await api?.stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL: a throwaway cluster, the API on it, `seed(query)` through pg, `measure(apiUrl, seeded)`. */
export async function onPostgres({ prefix, port, env = {}, seed, measure, log }) {
  const got = await getThrowawayPostgres();
  if (!got.pg) return { skipped: got.reason };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  let api;
  try {
    log('PostgreSQL: start (migrate, seed)…');
    api = await startApi(dataDir, port, { ...env, DATABASE_URL: got.pg.url });
    const client = new pg.Client({ connectionString: got.pg.url });
    await client.connect();
    let seeded;
    try {
      seeded = await seed((text, params) => client.query(text, params));
    } finally {
      await client.end();
    }
    return await measure(api.urls.api, seeded);
  } finally {
    await api?.stop().catch(() => {});
    await got.pg.stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}
