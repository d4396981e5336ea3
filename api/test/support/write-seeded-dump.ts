// `node --import tsx api/test/support/write-seeded-dump.ts FILE`: the API tests' seeded PGlite dump,
// written once for a caller that starts Jest many times (scripts/lib/mutations.mjs), which then
// passes it in SIGNPOST_TEST_PGLITE_DUMP so each run skips initdb, migrations and the seed.
import { writeSeededDump } from './global-setup';

const file = process.argv[2];
if (!file) {
  console.error('usage: write-seeded-dump.ts FILE');
  process.exit(2);
}
await writeSeededDump(file);
