import { rm } from 'node:fs/promises';
import path from 'node:path';

export default async function globalTeardown() {
  const file = process.env.SIGNPOST_TEST_PGLITE_DUMP;
  // A dump the caller gave is the caller's to delete.
  if (file && !process.env.SIGNPOST_TEST_PGLITE_DUMP_GIVEN) await rm(path.dirname(file), { recursive: true, force: true });
}
