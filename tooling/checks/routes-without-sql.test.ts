/**
 * The API's SQL lives in its stores (`api/src/stores`, one per area, with the
 * shared helpers there: paged-select.ts, audience-compiler.ts); a route handler reads like its
 * call's definition and asks a store, and so do the layers between routes and stores: the services
 * (`api/src/services`: tokens, sign-in throttling, grants), the plugins (`api/src/plugins`: the
 * access hook) and the website script's delivery (`api/src/delivery`: content cache, decisions).
 * This reads every module under those folders (comments removed) and fails on anything that writes
 * or runs SQL there:
 * - a drizzle `sql` template or helper (sql`…`, sql.raw(…), sql.join(…));
 * - a query run on a database or transaction handle (`db.select(`, `ctx.db.insert(`, `tx.update(`,
 *   `tx\n  .delete(`, `db.query.…`, `db.execute(`, `pglite.query(`, and any `.execute(`), or `queryPrepared(`;
 * - a value imported from drizzle-orm, a database driver (pg, PGlite) or the schema's tables
 *   (`db/schema`): without them no query can be built. Type imports (`import type { SQL }`,
 *   `{ type ContentKind }`) pass.
 * A store's own methods (`store.insert(…)`, `tags.remove(…)`) and a transaction handed to stores
 * (`ctx.db.transaction((tx) => fooStore(tx, …))`) are what routes are meant to write, and pass.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './source-files';
import { lineAt, withoutComments } from './source-text';

const root = path.resolve(__dirname, '../..');
/** Every folder of the API where SQL must not be written. */
const WITHOUT_SQL = ['routes', 'services', 'plugins', 'delivery'].map((dir) => path.join(root, 'api', 'src', dir));

/** A database or transaction handle, then a query builder or a raw run (whitespace and line breaks allowed around the dot). */
const QUERY_ON_HANDLE = /\b(?:db|tx|trx|database|pglite|pool)\s*\.\s*(?:select\w*|insert|update|delete|with|query|exec|execute|\$count)\b/g;
const SQL_TEMPLATE = /\bsql\s*(?:`|\.\s*\w+\s*\()/g;
const RAW_RUN = /\.\s*execute\s*\(|\bqueryPrepared\s*\(/g;
/** Import statements (their specifier list and module), for the value imports of SQL's modules. */
const IMPORT = /\bimport\s+(type\s+)?([\w*${}\s,]+?)\s+from\s+(['"])([^'"]+)\3/g;
const SQL_MODULE = /^(?:drizzle-orm(?:\/.*)?|pg|@electric-sql\/pglite(?:\/.*)?|(?:\.\.?\/)+(?:.*\/)?db\/schema(?:\.[mc]?[jt]s)?)$/;

/** Whether an import's specifiers bring in a value (not only types). */
function importsValue(specifiers: string): boolean {
  const named = /\{([^}]*)\}/.exec(specifiers);
  // A default or namespace import (`pg`, `* as schema`) is a value.
  if (specifiers.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '') !== '') return true;
  return (named?.[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .some((name) => name !== '' && !/^type\s/.test(name));
}

/** `line: text` of every piece of SQL in a module's code. */
export function sqlIn(code: string): string[] {
  const text = withoutComments(code);
  const found: { index: number; what: string }[] = [];
  for (const pattern of [QUERY_ON_HANDLE, SQL_TEMPLATE, RAW_RUN]) {
    for (const m of text.matchAll(pattern)) found.push({ index: m.index, what: m[0].replace(/\s+/g, ' ') });
  }
  for (const m of text.matchAll(IMPORT)) {
    const [statement, typeOnly, specifiers, , from] = m;
    if (!typeOnly && SQL_MODULE.test(from) && importsValue(specifiers)) found.push({ index: m.index, what: statement.replace(/\s+/g, ' ') });
  }
  return found.sort((a, b) => a.index - b.index).map(({ index, what }) => `${lineAt(text, index)}: ${what}`);
}

test('the check finds SQL written in a route', () => {
  expect(sqlIn('const rows = await ctx.db.select({ id: tags.id }).from(tags);')).toEqual(['1: db.select']);
  expect(sqlIn('await tx\n  .insert(uploads)\n  .values(v);')).toEqual(['1: tx .insert']);
  expect(sqlIn('await ctx.db.update(t).set(v);\nawait db.delete(t);')).toEqual(['1: db.update', '2: db.delete']);
  expect(sqlIn('const u = await ctx.db.query.users.findFirst();')).toEqual(['1: db.query']);
  expect(sqlIn('const n = await db.$count(tags);')).toEqual(['1: db.$count']);
  expect(sqlIn("await ctx.database.pglite.query('select 1');")).toEqual(['1: pglite.query']);
  expect(sqlIn('const r = await ctx.db.execute(q);')).toEqual(['1: db.execute', '1: .execute(']);
  expect(sqlIn('const r = await database.queryPrepared(text, [id]);')).toEqual(['1: queryPrepared(']);
  expect(sqlIn('const q = sql`select 1`;')).toEqual(['1: sql`']);
  expect(sqlIn('const u = sql.raw(unit);\nconst w = sql.join(parts, sql` and `);')).toEqual(['1: sql.raw(', '2: sql.join(', '2: sql`']);
  expect(sqlIn("import { eq, type SQL } from 'drizzle-orm';")).toEqual(["1: import { eq, type SQL } from 'drizzle-orm'"]);
  expect(sqlIn("import { PgDialect } from 'drizzle-orm/pg-core';")).toEqual(["1: import { PgDialect } from 'drizzle-orm/pg-core'"]);
  expect(sqlIn("import pg from 'pg';")).toEqual(["1: import pg from 'pg'"]);
  expect(sqlIn("import { uploads, type ContentKind } from '../../db/schema';")).toEqual(["1: import { uploads, type ContentKind } from '../../db/schema'"]);
  expect(sqlIn("import * as schema from '../../db/schema.ts';")).toEqual(["1: import * as schema from '../../db/schema.ts'"]);
});

test('the check lets through what routes are meant to write', () => {
  const handler = [
    "import type { SQL } from 'drizzle-orm';",
    "import type { Db } from '../../db/client';",
    "import { type ContentKind } from '../../db/schema';",
    "import { tagsStore } from '../../stores/tags';",
    '// Not here: db.select(…), sql`…`.',
    '/* await tx.insert(uploads) */',
    'const tag = await tags.insert(request.body).catch(onUniqueViolation);',
    'await ctx.db.transaction((tx) => campaignsStore(tx, website).removeAll(ids));',
    'this.byKey.delete(key);',
    'newIds.delete(e.id);',
    "const message = 'select a file';",
    'const row = await roles.update(existing.id, request.body);',
  ].join('\n');
  expect(sqlIn(handler)).toEqual([]);
});

test.each(WITHOUT_SQL.map((dir) => [path.relative(root, dir), dir]))('no SQL under %s/: it lives in the stores', (_name, dir) => {
  const files = sourceFiles(dir, { skip: [], include: /\.(ts|mts|mjs|js)$/ });
  expect(files.length).toBeGreaterThan(3);
  const found = files.flatMap((file) => sqlIn(readFileSync(file, 'utf8')).map((hit) => `${path.relative(root, file)}:${hit}`));
  expect(found).toEqual([]);
});
