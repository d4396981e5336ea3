import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './common';
import { clientMemberSchema } from './groups';
import type { AttributeType } from './attributes';

/**
 * Dynamic audiences (spec section 3: "a tree with operator (and or or) and predicates; each predicate
 * has comparison and selectedValue"). A node is a group `{ operator, predicates }` whose predicates are
 * conditions or nested groups. A condition names the attribute it tests: one of the client member's
 * built-in fields, or a people-data attribute of the website (stored in `client_members.attributes`).
 * The server compiles the tree into one SQL WHERE clause (api/src/routes/audiences/compile.ts); it is
 * never evaluated in memory.
 */

/** The client member fields every website has, with their types (Clients/reports table columns). */
export const BUILT_IN_AUDIENCE_FIELDS = {
  memberId: 'string',
  username: 'string',
  division: 'string',
  state: 'string',
  domain: 'string',
  createdAt: 'date',
} as const satisfies Record<string, AttributeType>;
export type BuiltInAudienceField = keyof typeof BUILT_IN_AUDIENCE_FIELDS;

/** Every comparison a condition may use. Which ones fit which attribute type: COMPARISONS_BY_TYPE. */
export const AUDIENCE_COMPARISONS = [
  'is',
  'is_not',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'greater_than',
  'less_than',
  'at_least',
  'at_most',
  'before',
  'after',
  'is_true',
  'is_false',
  'is_set',
  'is_not_set',
] as const;
export type AudienceComparison = (typeof AUDIENCE_COMPARISONS)[number];

/** The comparisons that fit each attribute type (the rule builder offers these, the server enforces them). */
export const COMPARISONS_BY_TYPE: Record<AttributeType, readonly AudienceComparison[]> = {
  string: ['is', 'is_not', 'contains', 'not_contains', 'starts_with', 'ends_with', 'is_set', 'is_not_set'],
  number: ['is', 'is_not', 'greater_than', 'less_than', 'at_least', 'at_most', 'is_set', 'is_not_set'],
  boolean: ['is_true', 'is_false', 'is_set', 'is_not_set'],
  date: ['is', 'before', 'after', 'is_set', 'is_not_set'],
};

/** Comparisons that take no value. */
export const VALUELESS_COMPARISONS: readonly AudienceComparison[] = ['is_true', 'is_false', 'is_set', 'is_not_set'];

/** Limits that keep one tree a reasonable SQL clause. */
export const AUDIENCE_MAX_DEPTH = 4;
export const AUDIENCE_MAX_CONDITIONS = 50;

export const audienceConditionSchema = z.object({
  /** A built-in field (BUILT_IN_AUDIENCE_FIELDS) or the name of a people-data attribute. */
  attribute: z.string().trim().min(1, 'Please select attribute').max(64),
  comparison: z.enum(AUDIENCE_COMPARISONS, { error: 'Please select comparison' }),
  /** String for string and date (ISO 8601) attributes, number for numbers; null when valueless. */
  selectedValue: z.union([z.string().max(500), z.number(), z.boolean(), z.null()]).default(null),
});
export type AudienceCondition = z.infer<typeof audienceConditionSchema>;

export type AudienceGroup = {
  operator: 'and' | 'or';
  predicates: Array<AudienceCondition | AudienceGroup>;
};

export const audienceGroupSchema: z.ZodType<AudienceGroup> = z.lazy(() =>
  z.object({
    operator: z.enum(['and', 'or']),
    predicates: z.array(z.union([audienceGroupSchema, audienceConditionSchema])).max(AUDIENCE_MAX_CONDITIONS),
  }),
);

export function isAudienceGroup(node: AudienceCondition | AudienceGroup): node is AudienceGroup {
  return 'operator' in node;
}

/** Depth and condition count of a tree (the schema bounds each level; this bounds the whole). */
export function audienceSize(node: AudienceGroup, depth = 1): { depth: number; conditions: number } {
  let maxDepth = depth;
  let conditions = 0;
  for (const p of node.predicates) {
    if (isAudienceGroup(p)) {
      const inner = audienceSize(p, depth + 1);
      maxDepth = Math.max(maxDepth, inner.depth);
      conditions += inner.conditions;
    } else conditions += 1;
  }
  return { depth: maxDepth, conditions };
}

/** The dynamic audience every editor and the audiences screen start from: an empty "and" group (everyone). */
export function emptyAudience(): AudienceGroup {
  return { operator: 'and', predicates: [] };
}

/** A dynamic audience as requests carry it, with the whole-tree bounds checked. */
export const dynamicAudienceSchema = audienceGroupSchema.superRefine((tree, ctx) => {
  const size = audienceSize(tree);
  if (size.depth > AUDIENCE_MAX_DEPTH) ctx.addIssue({ code: 'custom', message: `At most ${AUDIENCE_MAX_DEPTH} levels of groups` });
  if (size.conditions > AUDIENCE_MAX_CONDITIONS) ctx.addIssue({ code: 'custom', message: `At most ${AUDIENCE_MAX_CONDITIONS} conditions` });
});

/** POST /api/clients: the body is the dynamic audience; the query pages and filters by name. */
export const clientSearchQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(120).optional(),
});
export type ClientSearchQuery = z.input<typeof clientSearchQuerySchema>;
export const clientSearchPageSchema = pagedSchema(clientMemberSchema);

/** Segment (spec section 3: name): a saved dynamic audience of one website. */
export const segmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  audience: audienceGroupSchema,
  createdAt: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(120).optional(),
});
export const segmentPageSchema = pagedSchema(segmentSchema);

const segmentName = z
  .string({ error: 'Please enter name' })
  .trim()
  .min(1, 'Please enter name')
  .max(120, 'Name must be at most 120 characters');

/** POST /api/segment */
export const segmentCreateBodySchema = z.object({ name: segmentName, audience: dynamicAudienceSchema });
export type SegmentCreateBody = z.input<typeof segmentCreateBodySchema>;
/** PUT /api/segment: the spec's path has no id, so the body carries it. */
export const segmentUpdateBodySchema = segmentCreateBodySchema.extend({ _id: z.string().uuid('Please select segment') });
export type SegmentUpdateBody = z.input<typeof segmentUpdateBodySchema>;
export const segmentSavedResponseSchema = z.object({ message: z.string(), data: segmentSchema });

export const SEGMENT_CREATED_MESSAGE = 'Segment created successfully';
export const SEGMENT_UPDATED_MESSAGE = 'Segment updated successfully';
export const SEGMENT_DELETED_MESSAGE = 'Segment deleted successfully';
export const SEGMENT_EXISTS_MESSAGE = 'A segment with this name already exists';
