import { rm } from 'node:fs/promises';
import path from 'node:path';
import { dropPostgresDatabase } from './postgres-databases';

export default async function globalTeardown() {
  const template = process.env.SIGNPOST_TEST_PG_TEMPLATE;
  if (template && process.env.TEST_DATABASE_URL && !process.env.SIGNPOST_TEST_PG_TEMPLATE_GIVEN) {
    await dropPostgresDatabase(process.env.TEST_DATABASE_URL, template);
  }
  const file = process.env.SIGNPOST_TEST_PGLITE_DUMP;
  // A dump the caller gave is the caller's to delete.
  if (file && !process.env.SIGNPOST_TEST_PGLITE_DUMP_GIVEN) await rm(path.dirname(file), { recursive: true, force: true });
}
