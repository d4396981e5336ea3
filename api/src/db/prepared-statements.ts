import { createHash } from 'node:crypto';
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import pg from 'pg';

/*
 * Named (prepared) statements for every query drizzle runs outside a transaction, on both databases.
 * Without a name, PostgreSQL parses, analyses and plans each statement again on
 * every call: for a list page with its relations as JSON sub-selects that was most of the call's
 * time, and PGlite adds six round trips into its WebAssembly engine per statement. A named statement
 * is parsed once per connection; PostgreSQL then keeps its plan (a generic one once it proves as
 * good as the custom ones), so a call only binds its values and executes — what PostgreSQL drivers
 * do by default elsewhere (postgres.js, pgx).
 *
 * A statement's name is a hash of its text, so the same SQL gets the same name on every connection
 * and in every process. Only the first MAX_NAMED_STATEMENTS distinct texts are named: a text built
 * for a list of N ids (`in ($1, …, $N)`) is a new statement for each N, and the prepared statements a
 * connection keeps must stay bounded. Others run unnamed, as before.
 * Transactions keep the drivers' own path (their queries are writes, few and varied).
 */
export const MAX_NAMED_STATEMENTS = 500;

/** The name of a statement's text: stable across connections and processes. */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('base64url').slice(0, 27)}`;
}

/** The texts given a name so far in this process (the first MAX_NAMED_STATEMENTS). */
class StatementNames {
  private names = new Map<string, string>();

  /** The text's name, or null once MAX_NAMED_STATEMENTS others were named. */
  of(text: string): string | null {
    const known = this.names.get(text);
    if (known) return known;
    if (this.names.size >= MAX_NAMED_STATEMENTS) return null;
    const name = statementName(text);
    this.names.set(text, name);
    return name;
  }
}

/**
 * node-postgres: a pool whose queries carry the name of their text. node-postgres keeps, per
 * connection, which names it has prepared: the first call on a connection sends Parse, the next only
 * Bind/Execute. Queries of transactions go to a client taken from the pool (`connect()`), unnamed.
 */
export class PreparedStatementPool extends pg.Pool {
  private readonly statementNames = new StatementNames();

  // Loosely typed on purpose: pg's Pool.query has a dozen overloads; this only adds a name to the
  // query-config form drizzle uses and passes every call on unchanged otherwise.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [config] = args;
    if (config && typeof config === 'object' && typeof config.text === 'string' && !config.name) {
      const name = this.statementNames.of(config.text);
      if (name) args[0] = { ...config, name };
    }
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }
}

type PreparedOnPglite = { name: string; paramTypes: number[] };

/** Concatenates protocol messages: PGlite runs one buffer in one call into its engine. */
function messages(...parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

const { serialize } = protocol;

/** The statement no longer fits its prepared form: PostgreSQL refuses it; it is prepared again. */
const STALE_STATEMENT_CODES = new Set(['26000' /* invalid_sql_statement_name */, '0A000' /* cached plan must not change result type */]);

/**
 * PGlite: what drizzle's PGlite driver calls (`query`, `transaction`), with `query` going through
 * named statements. PGlite's own `query()` prepares an unnamed statement for every call (Parse,
 * Describe, Bind, Describe, Execute, Sync: six calls into the engine); here a statement is parsed
 * once (Parse, Describe), and each call is one buffer (Bind, Describe, Execute, Sync) run in one
 * call, under PGlite's own locks, its answer read by PGlite's own result parser. The named
 * statements a session keeps are bounded: the least recently used is closed past
 * MAX_NAMED_STATEMENTS.
 */
export function preparedStatementsOnPglite(pglite: PGlite): PGlite {
  const prepared = new Map<string, PreparedOnPglite>();

  async function prepare(text: string): Promise<PreparedOnPglite> {
    if (prepared.size >= MAX_NAMED_STATEMENTS) {
      const [oldestText, oldest] = prepared.entries().next().value as [string, PreparedOnPglite];
      prepared.delete(oldestText);
      await pglite.execProtocol(messages(serialize.close({ type: 'S', name: oldest.name }), serialize.sync()), { syncToFs: false });
    }
    const name = statementName(text);
    // Closed first: a statement dropped from the map after an error may still exist in the session
    // (closing a statement that does not exist is no error).
    const { messages: described } = await pglite.execProtocol(
      messages(serialize.close({ type: 'S', name }), serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    prepared.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = prepared.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one closed when the map is full.
      prepared.delete(text);
      prepared.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const { paramTypes } = statement;
    // Values as PGlite's query() writes them: by the parameter's type, text otherwise.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[i]] ?? pglite.serializers[paramTypes[i]];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const { messages: answer } = await pglite.execProtocol(
        messages(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
      );
      return parse.parseResults(answer, pglite.parsers, options)[0] as Results<T>;
    } catch (err) {
      const e = err as { code?: string; query?: string; params?: unknown[]; queryOptions?: QueryOptions };
      if (e.code && STALE_STATEMENT_CODES.has(e.code)) prepared.delete(text);
      // As PGlite's query() tells which statement failed.
      e.query = text;
      e.params = params;
      e.queryOptions = options;
      throw err;
    }
  }

  const client = {
    query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      // Files (COPY … '/dev/blob') and explicit parameter types keep PGlite's own path.
      if (options?.blob || options?.paramTypes) return pglite.query<T>(text, params, options);
      await pglite._checkReady();
      try {
        return await pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => run<T>(text, params, options)));
      } catch (err) {
        const code = (err as { code?: string }).code;
        // Prepared before a schema change that altered its result: once more, prepared afresh.
        if (code && STALE_STATEMENT_CODES.has(code))
          return pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => run<T>(text, params, options)));
        throw err;
      }
    },
    transaction: pglite.transaction.bind(pglite),
  };
  return client as unknown as PGlite;
}
