import { rm } from 'node:fs/promises';
import path from 'node:path';

export default async function globalTeardown() {
  const file = process.env.SIGNPOST_TEST_PGLITE_DUMP;
  if (file) await rm(path.dirname(file), { recursive: true, force: true });
}
