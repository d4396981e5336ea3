// `node --import tsx api/test/support/write-pg-template.ts ADMIN_URL`: the API tests' migrated and
// seeded PostgreSQL template, made once for a caller that starts Jest many times
// (scripts/lib/mutations.mjs), which then passes its name (printed on stdout) in
// SIGNPOST_TEST_PG_TEMPLATE so each run's databases are copies of it.
import { createPostgresTemplate } from './global-setup';

const adminUrl = process.argv[2];
if (!adminUrl) {
  console.error('usage: write-pg-template.ts ADMIN_URL');
  process.exit(2);
}
console.log(await createPostgresTemplate(adminUrl));
