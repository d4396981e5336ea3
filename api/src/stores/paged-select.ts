import { and, asc, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgTable, PgColumn, PgInsertValue, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Paged } from 'contracts';
import type { DbOrTx } from '../db/client';
import { paged, pageWindow } from '../lib/paging';

/**
 * The one "page of rows + how many in all" query of every list. The total rides on
 * each row as a window count, so a page costs ONE round trip instead of two (rows, then count with the
 * same WHERE). Past the last page no row carries it: only then a bare count is asked, so `totalDocs`
 * stays right for a page out of range.
 *
 * `select` runs the caller's query with the extra `total` column added and the page's LIMIT/OFFSET;
 * `count` is the same FROM/WHERE counted.
 */
export const TOTAL = sql<number>`count(*) over()`.mapWith(Number).as('total');

/**
 * The same total as a sub-select of its own: `(select count(*) from table where …)` refers to nothing
 * of the outer row, so PostgreSQL runs it once (an InitPlan) and the page itself reads only its rows
 * through the ORDER BY's index, where a window count must first read, keep and sort every matching
 * row. For lists that can be long (campaigns, accounts); `where` is the page's own filter on `table`.
 */
export function totalOf(table: AnyPgTable, where: SQL | undefined) {
  return sql<number>`(select count(*) from ${table}${where ? sql` where ${where}` : sql``})`.mapWith(Number).as('total');
}

/** LIMIT/OFFSET of the page asked for. */
export type PageWindow = { limit: number; offset: number };

/**
 * The page size written into the statement (`limit 10`), not sent as a parameter. Statements are
 * prepared once and their plan kept (db/prepared-statements.ts), but PostgreSQL keeps a generic
 * plan only when it costs about what the custom ones do, and a LIMIT it cannot see is costed as a
 * tenth of the table: a list with relations then never got one and was planned again on every call.
 * A page size is an integer from the query schema (1 to 1000), so inlining it is safe, and screens
 * ask for a handful of sizes, so few statements. Typed as the number drizzle's `.limit()` takes
 * (drizzle writes an SQL chunk given there as is).
 */
export function pageLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`page size must be a non-negative integer: ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}

export async function selectPage<Row extends { total: number }, Doc>(
  query: { page: number; pageSize: number },
  select: (window: PageWindow) => PromiseLike<Row[]>,
  count: () => PromiseLike<number>,
  view: (row: NoInfer<Row>) => Doc,
): Promise<Paged<Doc>> {
  const window = pageWindow(query);
  const rows = await select({ limit: pageLimit(window.limit), offset: window.offset });
  const total = rows.length > 0 ? rows[0].total : window.offset > 0 ? await count() : 0;
  return paged(
    rows.map((row) => view(row)),
    total,
    query,
  );
}

/** `count(*)` as a number, for the `count` side of `selectPage`. */
export const COUNT = sql<number>`count(*)::int`;

/** A table of a plain list: rows with an id and a creation time, the order of its pages. */
type ListedTable = PgTable & { id: PgColumn; createdAt: PgColumn };

/**
 * One page of a plain list (roles, tags, workspaces, websites, segments, attributes, groups):
 * `columns` of `table` where `where`, newest first (`order: 'asc'`: oldest first), the id breaking
 * ties so two pages never share a row; each row answered through `view`.
 */
export function pageByCreation<Columns extends SelectedFields, Doc>(
  db: DbOrTx,
  table: ListedTable,
  columns: Columns,
  where: SQL | undefined,
  query: { page: number; pageSize: number; order?: 'asc' | 'desc' },
  view: (row: SelectResultFields<Columns>) => Doc,
): Promise<Paged<Doc>> {
  const dir = query.order === 'asc' ? asc : desc;
  return selectPage(
    query,
    async ({ limit, offset }: PageWindow) =>
      (await db
        .select({ ...columns, total: TOTAL })
        .from(table)
        .where(where)
        .orderBy(dir(table.createdAt), dir(table.id))
        .limit(limit)
        .offset(offset)) as unknown as (SelectResultFields<Columns> & { total: number })[],
    async () => (await db.select({ n: COUNT }).from(table).where(where))[0].n,
    view,
  );
}

/**
 * Whether a row of `table` inside `scope` (a website, an organisation) already has the name `name`,
 * whatever the case (the unique indexes are on lower(name)); `exceptId`, the row being renamed, does not count.
 */
export async function nameTakenIn(
  db: DbOrTx,
  table: ListedTable & { name: PgColumn },
  scope: SQL | undefined,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [taken] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(scope, sql`lower(${table.name}) = lower(${name})`, exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return !!taken;
}

/** The pattern of a list's "contains" search, LIKE wildcards escaped so a search for "50%" finds "50%" literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An optional filter: drizzle's `and()` drops undefined parts. */
export type Filter = SQL | undefined;

/** A list's search on one column: contains `term`, any case (no filter without a term). */
export function contains(column: PgColumn, term: string | undefined): Filter {
  return term ? ilike(column, likePattern(term)) : undefined;
}

/**
 * Statements built once per database and shape and kept (putting a list statement
 * with relations together with drizzle was a tenth of a list call). `build` writes the statement of
 * one shape (which filters are given, the order, the page size) with placeholders for the values;
 * `keyOf` names the shape. A few shapes are in use (a screen's filters, its page sizes); past
 * `maxShapes` they are built afresh on each call.
 */
export function keptStatements<Shape, Statements>(
  build: (db: DbOrTx, shape: Shape) => Statements,
  keyOf: (shape: Shape) => string,
  maxShapes = 200,
): (db: DbOrTx, shape: Shape) => Statements {
  const kept = new WeakMap<DbOrTx, Map<string, Statements>>();
  return (db, shape) => {
    let ofDb = kept.get(db);
    if (!ofDb) kept.set(db, (ofDb = new Map()));
    const key = keyOf(shape);
    let statements = ofDb.get(key);
    if (!statements) {
      statements = build(db, shape);
      if (ofDb.size < maxShapes) ofDb.set(key, statements);
    }
    return statements;
  };
}

/** One new row of `table` (its tenancy column included in `values`), as stored. */
export async function insertRow<T extends PgTable>(db: DbOrTx, table: T, values: PgInsertValue<T>): Promise<T['$inferSelect']> {
  const [row] = (await db.insert(table).values(values).returning()) as T['$inferSelect'][];
  return row;
}

/** Deletes the row `id` of `table` inside `scope` (a website, an organisation): whether there was one to delete. */
export async function deleteRowIn(db: DbOrTx, table: ListedTable, scope: SQL | undefined, id: string): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(and(scope, eq(table.id, id)))
    .returning({ id: table.id });
  return deleted.length > 0;
}
