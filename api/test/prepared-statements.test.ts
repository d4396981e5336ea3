import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { MAX_NAMED_STATEMENTS } from '../src/db/prepared-statements';
import { tags } from '../src/db/schema';
import { isUniqueViolation } from '../src/routes/shared';
import { withTestApp, type TestApp } from './support/test-app';

/**
 * Every statement outside a transaction runs as a named statement (src/db/prepared-statements.ts),
 * prepared once per connection: the answers, the values sent and the errors must be the ones an
 * unnamed statement gives, on PGlite (our own protocol path) and on PostgreSQL (node-postgres).
 */
let t: TestApp;
withTestApp((app) => (t = app));

test('a statement run again and again answers the same, with each call its own values (uuid, text, timestamp, null)', async () => {
  const { websiteId } = await t.createOrganisation();
  const when = new Date('2026-01-02T03:04:05.678Z');
  for (let i = 0; i < 8; i++) {
    const [row] = await t.ctx.db
      .execute<{ id: string; label: string; at: string; list: string[]; nothing: string | null }>(
        sql`select ${websiteId}::uuid as id, ${`label ${i}`}::text as label, ${when}::timestamptz as at, array[${'a'}, ${`b${i}`}]::text[] as list, ${null}::text as nothing`,
      )
      .then((r) => (r as unknown as { rows: { id: string; label: string; at: string; list: string[]; nothing: string | null }[] }).rows);
    expect(row.id).toBe(websiteId);
    expect(row.label).toBe(`label ${i}`);
    expect(new Date(row.at).toISOString()).toBe(when.toISOString());
    expect(row.list).toEqual(['a', `b${i}`]);
    expect(row.nothing).toBeNull();
  }
  // Through drizzle's builder: rows mapped to their columns' types.
  const [tag] = await t.ctx.db.insert(tags).values({ websiteId, name: 'Prepared', color: '#112233' }).returning();
  for (let i = 0; i < 8; i++) {
    const [read] = await t.ctx.db.select().from(tags).where(eq(tags.id, tag.id));
    expect(read).toEqual(tag);
    expect(read.createdAt).toBeInstanceOf(Date);
  }
  expect(await t.ctx.db.select().from(tags).where(eq(tags.id, randomUUID()))).toEqual([]);
});

test('an error is the database error (a unique violation stays one), and the statement works again after it', async () => {
  const { websiteId } = await t.createOrganisation();
  const insert = (name: string) => t.ctx.db.insert(tags).values({ websiteId, name, color: '#000000' });
  await insert('Twice');
  for (let i = 0; i < 3; i++) {
    const err = await insert('Twice').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err)).toBe(true);
  }
  await insert('Once');
  expect((await t.ctx.db.select({ name: tags.name }).from(tags).where(eq(tags.websiteId, websiteId))).map((r) => r.name).sort()).toEqual(['Once', 'Twice']);
});

test(`more distinct statements than the ${MAX_NAMED_STATEMENTS} named ones all answer right, the first ones again too`, async () => {
  const distinct = MAX_NAMED_STATEMENTS + 20;
  const run = async (i: number) => {
    const result = (await t.ctx.db.execute(sql`select ${i}::int + ${sql.raw(String(i))} as n`)) as unknown as { rows: { n: number }[] };
    return result.rows[0].n;
  };
  for (let i = 0; i < distinct; i++) expect(await run(i)).toBe(2 * i);
  for (let i = 0; i < 5; i++) expect(await run(i)).toBe(2 * i);
});
