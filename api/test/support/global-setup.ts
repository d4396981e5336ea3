import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/db/client';
import { seedDatabase } from '../../src/db/seed';
import { TEST_ADMIN } from './constants';
import { createPostgresDatabase } from './postgres-databases';

/**
 * On PGlite (the default), initdb costs 4–8 s. It is paid once here: one in-memory PGlite is
 * migrated and seeded, its data folder dumped to a tarball, and every test file starts its own
 * PGlite from that tarball. On PostgreSQL each test file creates its own database instead.
 *
 * Each test file pays for unpacking the tarball into PGlite's in-memory file system, so it is kept
 * small: 1 MB WAL segments (instead of 16 MB) with few kept, and no template databases (the tests
 * never create a database on PGlite). That takes it from ~43 MB to ~17 MB and cuts the start of a
 * test file's database by about a third. Jest gives every test file its own module registry, so an
 * instance cannot be shared by the files of one worker; `clone()` is a dump and a load, no cheaper.
 */
/** Migrate and seed a fresh PGlite and write its data folder to `file` (a tarball). */
export async function writeSeededDump(file: string): Promise<void> {
  const pglite = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'], postgresqlconf: ['min_wal_size=2MB'] });
  const database = await openDatabase({ pglite });
  await database.migrate();
  await seedDatabase(database.db, TEST_ADMIN);
  for (const template of ['template0', 'template1']) {
    await pglite.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
    await pglite.exec(`DROP DATABASE ${template}`);
  }
  // Written out now, so the copy's start has no WAL to replay and the recycled segments are gone.
  await pglite.exec('CHECKPOINT');
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

/**
 * A caller that runs Jest many times over one tree (the mutation check) makes the dump once with
 * write-seeded-dump.ts and passes it in SIGNPOST_TEST_PGLITE_DUMP: it is used as it is, and kept.
 */
export default async function globalSetup() {
  if (process.env.TEST_DATABASE_URL) {
    await preparePostgresTemplate(process.env.TEST_DATABASE_URL);
    return;
  }
  const given = process.env.SIGNPOST_TEST_PGLITE_DUMP;
  if (given && existsSync(given)) {
    process.env.SIGNPOST_TEST_PGLITE_DUMP_GIVEN = '1';
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'signpost-api-test-'));
  const file = path.join(dir, 'seeded-pgdata.tar');
  await writeSeededDump(file);
  process.env.SIGNPOST_TEST_PGLITE_DUMP = file;
}

/**
 * On PostgreSQL, every test file's database is a copy of one migrated and seeded template made
 * here (`CREATE DATABASE … TEMPLATE`, a file copy on the server), instead of running the migrations
 * and the seed (an argon2 hash among them) once per file. Its name goes to the test files in
 * SIGNPOST_TEST_PG_TEMPLATE; global-teardown drops it. A caller that runs Jest many times over one
 * tree may make it once and pass it in, as with the PGlite dump.
 */
async function preparePostgresTemplate(adminUrl: string): Promise<void> {
  if (process.env.SIGNPOST_TEST_PG_TEMPLATE) {
    process.env.SIGNPOST_TEST_PG_TEMPLATE_GIVEN = '1';
    return;
  }
  process.env.SIGNPOST_TEST_PG_TEMPLATE = await createPostgresTemplate(adminUrl);
}

/** A migrated and seeded database on the server of `adminUrl`, for others to be copied from: its name. */
export async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const { url, name } = await createPostgresDatabase(adminUrl, 'signpost_template');
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await database.migrate();
    await seedDatabase(database.db, TEST_ADMIN);
  } finally {
    await database.close();
  }
  return name;
}
