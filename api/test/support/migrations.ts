import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../../src/paths';

/**
 * A data migration tested on the data it was written for: a fresh PGlite migrated up to, not
 * including, the migration `tag` (migrations apply in order, so none after it runs before it).
 * `check` writes the rows of before, calls `migrateRest()` to apply `tag` and every later
 * migration, and asserts on what they left. The database and the copied migrations are removed after.
 */
export async function beforeAndAfterMigration(tag: string, check: (pglite: PGlite, migrateRest: () => Promise<void>) => Promise<void>): Promise<void> {
  const before = mkdtempSync(path.join(tmpdir(), 'signpost-migrations-'));
  cpSync(migrationsDir(), before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  const pglite = await PGlite.create();
  try {
    const db = drizzle(pglite);
    await migrate(db, { migrationsFolder: before });
    await check(pglite, () => migrate(db, { migrationsFolder: migrationsDir() }));
  } finally {
    await pglite.close();
    rmSync(before, { recursive: true, force: true });
  }
}
