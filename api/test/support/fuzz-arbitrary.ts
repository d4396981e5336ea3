import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON schemas the API publishes for its calls (the OpenAPI
 * document, generated from the contract's zod schemas): values that follow the schema's shape,
 * with any leaf sometimes replaced by something hostile. Used by the fuzz test.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  default?: unknown;
};

const NUL = '\u0000';
/** What breaks careless servers: NUL, lone surrogates, bidi controls, huge and odd numbers, deep nesting, prototype keys. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    NUL,
    `a${NUL}b`,
    '\uD800',
    'x\uDFFFy',
    '\u202E\u2066rtl',
    '😀'.repeat(50),
    'a'.repeat(20_000),
    '',
    ' ',
    "'; DROP TABLE users; --",
    '{{constructor.constructor("return process")()}}',
    '../../etc/passwd',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1e308, 2 ** 31, -1, 0, 0.5, -0),
  fc.constantFrom(null, true, false, [], {}, { __proto__: { polluted: true } }, JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}')),
  fc.integer({ min: 40, max: 1200 }).map((depth) => {
    let v: unknown = 'leaf';
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
    return v;
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

function resolve(schema: JsonSchema, root: { components?: { schemas?: Record<string, JsonSchema> } }): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return root.components?.schemas?.[name] ?? {};
}

/** An arbitrary that follows `schema` at `depth`, each leaf hostile one time in `hostileOneIn`. */
export function arbitraryOf(schema: JsonSchema, root: object, depth = 0, hostileOneIn = 6): fc.Arbitrary<unknown> {
  const s = resolve(schema, root);
  const shaped = shapedArbitrary(s, root, depth, hostileOneIn);
  return fc.oneof({ arbitrary: shaped, weight: hostileOneIn - 1 }, { arbitrary: hostile, weight: 1 });
}

function shapedArbitrary(s: JsonSchema, root: object, depth: number, hostileOneIn: number): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant({ operator: 'and', predicates: [] });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, root, depth + 1, hostileOneIn)));
  if (s.allOf?.length) return arbitraryOf(s.allOf[0], root, depth + 1, hostileOneIn);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of props) record[key] = arbitraryOf(prop, root, depth + 1, hostileOneIn);
      const required = (s.required ?? []).filter((k) => k in record);
      return fc.record(record, { requiredKeys: required });
    }
    case 'array':
      return fc.array(arbitraryOf(s.items ?? {}, root, depth + 1, hostileOneIn), {
        minLength: Math.min(s.minItems ?? 0, 3),
        maxLength: Math.max(Math.min(s.maxItems ?? 3, 3), Math.min(s.minItems ?? 0, 3)),
      });
    case 'string':
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'date-time')
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(Math.min(s.maxLength ?? 40, 40), s.minLength ?? 0), unit: 'grapheme' });
    case 'integer': {
      const min = Math.max(s.minimum ?? -1000, -1e6);
      return fc.integer({ min, max: Math.max(min, Math.min(s.maximum ?? 1000, 1e6)) });
    }
    case 'number': {
      const min = s.minimum ?? -1e6;
      return fc.double({ min, max: Math.max(min, s.maximum ?? 1e6), noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every path to a string leaf of a JSON value. */
function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

const hostileText = fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\u202E', 'a'.repeat(20_000), '😀\uD83D');

/**
 * A valid body with ONE string leaf made hostile: it passes every other check, so it reaches the
 * handler, the SQL and the database, where a careless server breaks.
 */
export function mutationsOf(valid: unknown): fc.Arbitrary<unknown> {
  const leaves = stringLeaves(valid);
  if (leaves.length === 0) return fc.constant(valid);
  return fc.tuple(fc.constantFrom(...leaves), hostileText).map(([path, text]) => {
    const copy = structuredClone(valid) as Record<string | number, unknown>;
    let at: Record<string | number, unknown> = copy;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    at[path[path.length - 1]] = text;
    return copy;
  });
}
