// Databases of the API tests on a PostgreSQL server (TEST_DATABASE_URL): kept apart from
// test-app.ts so that Jest's global setup and teardown, which make and drop the template, do not
// load the whole application.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const unique = () => randomBytes(4).toString('hex');

/** Runs one statement on the PostgreSQL server of `adminUrl` (TEST_DATABASE_URL), outside any database of ours. */
async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database `prefix_<random>` on the PostgreSQL server of `adminUrl` (TEST_DATABASE_URL), empty or
 * a copy of `template`: its name, its URL, and how to drop it.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${unique()}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropPostgresDatabase(adminUrl, name) };
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
