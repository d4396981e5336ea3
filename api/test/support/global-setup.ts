import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/db/client';
import { seedDatabase } from '../../src/db/seed';
import { TEST_ADMIN } from './constants';

/**
 * On PGlite (the default), initdb costs 4–8 s. It is paid once here: one in-memory PGlite is
 * migrated and seeded, its data folder dumped to a tarball, and every test file starts its own
 * PGlite from that tarball (~0.5 s). On PostgreSQL each test file creates its own database instead.
 */
export default async function globalSetup() {
  if (process.env.TEST_DATABASE_URL) return;
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await database.migrate();
  await seedDatabase(database.db, TEST_ADMIN);
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'signpost-api-test-'));
  const file = path.join(dir, 'seeded-pgdata.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env.SIGNPOST_TEST_PGLITE_DUMP = file;
}
