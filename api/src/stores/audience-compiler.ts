import { sql, type SQL } from 'drizzle-orm';
import type { MessageCode } from 'contracts';
import {
  AUDIENCE_COMPARISON_MISMATCH_MESSAGE,
  AUDIENCE_DATE_MESSAGE,
  AUDIENCE_NUMBER_MESSAGE,
  AUDIENCE_UNKNOWN_ATTRIBUTE_MESSAGE,
  AUDIENCE_VALUE_REQUIRED_MESSAGE,
  BUILT_IN_AUDIENCE_FIELDS,
  COMPARISONS_BY_TYPE,
  VALUELESS_COMPARISONS,
  isAudienceGroup,
  type AttributeType,
  type AudienceComparison,
  type AudienceCondition,
  type AudienceGroup,
} from 'contracts';
import { clientMembers } from '../db/schema';
import { badRequest } from '../lib/errors';

/*
 * Here rather than in routes/audiences: this is SQL generation, and its users are stores and the SQL
 * they run (the people search of client-members, the campaigns' dynamic audiences, the website
 * script's per-visitor query), as well as the audiences' routes that check a tree before saving it.
 */

/**
 * Compiles a dynamic audience tree (contracts/audiences.ts) into ONE SQL condition over
 * `client_members`, so the database selects the people (never a scan in memory).
 *
 * Safety: every value the caller sends (the selected values and the attribute names used as jsonb
 * keys) travels as a bound parameter of the drizzle `sql` template; nothing the caller wrote is ever
 * pasted into the SQL text. LIKE patterns escape `%`, `_` and `\`.
 *
 * Types: built-in fields are columns (text, and created_at timestamptz). People-data attributes live
 * in the `attributes` jsonb, typed by the website's attribute definitions. The data there comes from
 * the website's script, so a stored value may not have the type its attribute declares: a cast that
 * could fail (and turn a bad stored value into a 500 for every audience) is guarded, and a value of
 * the wrong shape simply matches no typed comparison (it is "not set" as far as numbers/dates go).
 *
 * Semantics chosen (and documented for the rule builder):
 * - an empty group matches everyone, whether "and" or "or": a new audience starts empty and shows
 *   every person, and an empty nested group never silently empties its parent;
 * - string comparisons other than `is`/`is_not` are case-insensitive (as every search of the console);
 *   `is`/`is_not` are exact, as the Clients/reports table shows the values;
 * - negations (`is_not`, `not_contains`) also match people without the value, so "is" and "is not"
 *   always split everyone in two;
 * - dates compare by calendar day (the date input picks a day): `createdAt` by its UTC day, a date
 *   attribute by the YYYY-MM-DD its value starts with.
 */

export type AttributeTypes = ReadonlyMap<string, AttributeType>;
type FieldErrors = Record<string, MessageCode>;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
/** `^-?digits(.digits)?$`: the text of a jsonb number, or a numeric string the script sent. */
const NUMERIC_TEXT = '^-?[0-9]+(\\.[0-9]+)?$';
const DAY_TEXT = '^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}';

/** A built-in field or an attribute of the website: its type, or undefined when unknown. */
function typeOf(attribute: string, attributes: AttributeTypes): AttributeType | undefined {
  if (Object.hasOwn(BUILT_IN_AUDIENCE_FIELDS, attribute)) return BUILT_IN_AUDIENCE_FIELDS[attribute as keyof typeof BUILT_IN_AUDIENCE_FIELDS];
  return attributes.get(attribute);
}

const BUILT_IN_COLUMNS = {
  memberId: clientMembers.memberId,
  username: clientMembers.username,
  division: clientMembers.division,
  state: clientMembers.state,
  domain: clientMembers.domain,
} as const;

/** The attribute's value as text (NULL when absent or JSON null). */
const jsonText = (name: string): SQL => sql`(${clientMembers.attributes} ->> ${name}::text)`;

/** The attribute's value as numeric, NULL when it is not a number (never a cast error). */
function jsonNumber(name: string): SQL {
  const v = jsonText(name);
  return sql`(case when ${v} ~ ${NUMERIC_TEXT} then ${v}::numeric end)`;
}

/**
 * The attribute's calendar day as a date, NULL when its value does not start with a valid
 * YYYY-MM-DD. Built with make_date from checked parts inside nested CASEs (whose order PostgreSQL
 * guarantees), so "2024-02-31" or "2024-13-01" yield NULL instead of a cast error.
 */
function jsonDay(name: string): SQL {
  const v = jsonText(name);
  const y = sql`substring(${v} from 1 for 4)::int`;
  const m = sql`substring(${v} from 6 for 2)::int`;
  const d = sql`substring(${v} from 9 for 2)::int`;
  const lastDay = sql`extract(day from (make_date(${y}, ${m}, 1) + interval '1 month' - interval '1 day'))::int`;
  return sql`(case when ${v} ~ ${DAY_TEXT} then case when ${m} between 1 and 12 then case when ${d} between 1 and ${lastDay} then make_date(${y}, ${m}, ${d}) end end end)`;
}

/** Escapes LIKE wildcards, then anchors the pattern as the comparison asks. */
function like(value: string, comparison: 'contains' | 'not_contains' | 'starts_with' | 'ends_with'): string {
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (comparison === 'starts_with') return `${escaped}%`;
  if (comparison === 'ends_with') return `%${escaped}`;
  return `%${escaped}%`;
}

/** The selected value checked against the type; a message on `selectedValue` when it does not fit. */
function valueFor(type: AttributeType, value: AudienceCondition['selectedValue']): { ok: string | number } | { error: MessageCode } {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return { error: AUDIENCE_VALUE_REQUIRED_MESSAGE };
  if (type === 'number') {
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
    return Number.isFinite(n) ? { ok: n } : { error: AUDIENCE_NUMBER_MESSAGE };
  }
  if (type === 'date') {
    const m = typeof value === 'string' ? ISO_DAY.exec(value.trim()) : null;
    if (!m) return { error: AUDIENCE_DATE_MESSAGE };
    const day = `${m[1]}-${m[2]}-${m[3]}`;
    const parsed = new Date(`${day}T00:00:00Z`);
    // Date rolls 2024-02-31 over to March: a day that does not survive the round trip is not a day.
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day || m[1] === '0000') return { error: AUDIENCE_DATE_MESSAGE };
    return { ok: day };
  }
  if (typeof value === 'boolean') return { error: AUDIENCE_VALUE_REQUIRED_MESSAGE };
  return { ok: String(value) };
}

function stringCondition(col: SQL, comparison: AudienceComparison, value: string): SQL {
  switch (comparison) {
    case 'is':
      return sql`${col} = ${value}`;
    case 'is_not':
      return sql`${col} is distinct from ${value}`;
    case 'contains':
    case 'starts_with':
    case 'ends_with':
      return sql`${col} ilike ${like(value, comparison)}`;
    case 'not_contains':
      return sql`coalesce(${col}, '') not ilike ${like(value, comparison)}`;
    default:
      throw new Error(`string comparison ${comparison}`);
  }
}

function numberCondition(col: SQL, comparison: AudienceComparison, value: number): SQL {
  const v = sql`${value}::numeric`;
  switch (comparison) {
    case 'is':
      return sql`${col} = ${v}`;
    case 'is_not':
      return sql`${col} is distinct from ${v}`;
    case 'greater_than':
      return sql`${col} > ${v}`;
    case 'less_than':
      return sql`${col} < ${v}`;
    case 'at_least':
      return sql`${col} >= ${v}`;
    case 'at_most':
      return sql`${col} <= ${v}`;
    default:
      throw new Error(`number comparison ${comparison}`);
  }
}

/** createdAt (timestamptz) by UTC day: a range on the column, so its index can serve it. */
function createdAtCondition(comparison: AudienceComparison, day: string): SQL {
  const start = sql`(${day}::date)::timestamp at time zone 'UTC'`;
  const end = sql`((${day}::date + 1)::timestamp at time zone 'UTC')`;
  const col = clientMembers.createdAt;
  if (comparison === 'is') return sql`(${col} >= ${start} and ${col} < ${end})`;
  if (comparison === 'before') return sql`${col} < ${start}`;
  if (comparison === 'after') return sql`${col} >= ${end}`;
  throw new Error(`date comparison ${comparison}`);
}

function dayCondition(col: SQL, comparison: AudienceComparison, day: string): SQL {
  const v = sql`${day}::date`;
  if (comparison === 'is') return sql`${col} = ${v}`;
  if (comparison === 'before') return sql`${col} < ${v}`;
  if (comparison === 'after') return sql`${col} > ${v}`;
  throw new Error(`date comparison ${comparison}`);
}

function compileCondition(c: AudienceCondition, path: string, attributes: AttributeTypes, errors: FieldErrors): SQL | null {
  const type = typeOf(c.attribute, attributes);
  if (!type) {
    errors[`${path}.attribute`] = AUDIENCE_UNKNOWN_ATTRIBUTE_MESSAGE;
    return null;
  }
  if (!COMPARISONS_BY_TYPE[type].includes(c.comparison)) {
    errors[`${path}.comparison`] = AUDIENCE_COMPARISON_MISMATCH_MESSAGE;
    return null;
  }
  const builtIn = Object.hasOwn(BUILT_IN_AUDIENCE_FIELDS, c.attribute);
  // The raw value, for set / not set: a column, or the jsonb text (JSON null counts as not set).
  const raw: SQL = builtIn
    ? c.attribute === 'createdAt'
      ? sql`${clientMembers.createdAt}`
      : sql`${BUILT_IN_COLUMNS[c.attribute as keyof typeof BUILT_IN_COLUMNS]}`
    : jsonText(c.attribute);
  if (c.comparison === 'is_set') return sql`${raw} is not null`;
  if (c.comparison === 'is_not_set') return sql`${raw} is null`;
  if (c.comparison === 'is_true') return sql`lower(${jsonText(c.attribute)}) = 'true'`;
  if (c.comparison === 'is_false') return sql`lower(${jsonText(c.attribute)}) = 'false'`;
  if (VALUELESS_COMPARISONS.includes(c.comparison)) throw new Error(`valueless comparison ${c.comparison}`);

  const checked = valueFor(type, c.selectedValue);
  if ('error' in checked) {
    errors[`${path}.selectedValue`] = checked.error;
    return null;
  }
  if (type === 'number') return numberCondition(jsonNumber(c.attribute), c.comparison, checked.ok as number);
  if (type === 'date') {
    if (c.attribute === 'createdAt') return createdAtCondition(c.comparison, checked.ok as string);
    return dayCondition(jsonDay(c.attribute), c.comparison, checked.ok as string);
  }
  return stringCondition(raw, c.comparison, checked.ok as string);
}

function compileGroup(group: AudienceGroup, path: string, attributes: AttributeTypes, errors: FieldErrors): SQL {
  const parts: SQL[] = [];
  group.predicates.forEach((node, i) => {
    const at = path ? `${path}.predicates.${i}` : `predicates.${i}`;
    const part = isAudienceGroup(node) ? compileGroup(node, at, attributes, errors) : compileCondition(node, at, attributes, errors);
    if (part) parts.push(part);
  });
  // An empty group matches everyone (see the note at the top of this file).
  if (parts.length === 0) return sql`true`;
  return sql`(${sql.join(parts, group.operator === 'and' ? sql` and ` : sql` or `)})`;
}

/**
 * The tree as one WHERE fragment over client_members, or a 400 with one message per faulty field,
 * keyed by its dotted path in the request body (`prefix` is where the tree sits in that body: ''
 * when the body is the tree, 'audience' in a segment).
 */
export function compileAudience(tree: AudienceGroup, attributes: AttributeTypes, prefix = ''): SQL {
  const errors: FieldErrors = {};
  const where = compileGroup(tree, prefix, attributes, errors);
  if (Object.keys(errors).length > 0) throw badRequest('generic.checkFields', errors);
  return where;
}

/**
 * A saved or dynamic audience already stored, as SQL (the website script's content cache): a tree
 * that no longer compiles (an attribute it tests was since deleted) matches nobody.
 */
export function compileStoredAudience(tree: AudienceGroup, attributes: AttributeTypes): SQL {
  try {
    return compileAudience(tree, attributes);
  } catch {
    return sql`false`;
  }
}
