import { z } from 'zod';
import { LIMITS } from './limits';
import { inWebsite } from './call';
import { messageSchema, pagedSchema, requiredNameSchema, nameFilterQuerySchema } from './common';
import { clientMemberSchema } from './groups';
import type { AttributeType } from './attributes';
import { msg } from './message-code';
import { resourceCalls } from './resource-calls';

/**
 * Dynamic audiences ("a tree with operator (and or or) and predicates; each predicate
 * has comparison and selectedValue"). A node is a group `{ operator, predicates }` whose predicates are
 * conditions or nested groups. A condition names the attribute it tests: one of the client member's
 * built-in fields, or a people-data attribute of the website (stored in `client_members.attributes`).
 * The server compiles the tree into one SQL WHERE clause (api/src/stores/audience-compiler.ts); it is
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
export const AUDIENCE_MAX_DEPTH = LIMITS.audienceMaxDepth;
export const AUDIENCE_MAX_CONDITIONS = LIMITS.audienceMaxConditions;
/** Plain sentences (not templates) so the API's catalog can translate them. Keep in step with the limits. */
export const AUDIENCE_TOO_DEEP_MESSAGE = msg('validation.audienceTooDeep');
export const AUDIENCE_TOO_MANY_MESSAGE = msg('validation.audienceTooManyConditions');

/** Field messages of the server's check against the website's attributes (api/src/stores/audience-compiler.ts). */
export const AUDIENCE_UNKNOWN_ATTRIBUTE_MESSAGE = msg('audiences.unknownAttribute');
export const AUDIENCE_COMPARISON_MISMATCH_MESSAGE = msg('audiences.comparisonMismatch');
export const AUDIENCE_VALUE_REQUIRED_MESSAGE = msg('validation.valueRequired');
export const AUDIENCE_NUMBER_MESSAGE = msg('validation.numberRequired');
export const AUDIENCE_DATE_MESSAGE = msg('validation.dateInvalid');

export const audienceConditionSchema = z.object({
  /**
   * Never present: it tells a condition from a group (which has one) for the discriminated union
   * below, so a faulty condition gets its own field messages (`predicates.0.attribute`) instead of
   * the union's bare "Invalid input".
   */
  operator: z.undefined().optional(),
  /** A built-in field (BUILT_IN_AUDIENCE_FIELDS) or the name of a people-data attribute. */
  attribute: z.string().trim().min(1, msg('validation.attributeRequired')).max(LIMITS.attributeNameMax),
  comparison: z.enum(AUDIENCE_COMPARISONS, { error: msg('validation.comparisonRequired') }),
  /** String for string and date (ISO 8601) attributes, number for numbers; null when valueless. */
  selectedValue: z.union([z.string().max(LIMITS.conditionValueMax), z.number(), z.boolean(), z.null()]).default(null),
});
export type AudienceCondition = Omit<z.infer<typeof audienceConditionSchema>, 'operator'>;

export type AudienceGroup = {
  operator: 'and' | 'or';
  predicates: Array<AudienceCondition | AudienceGroup>;
};

export const audienceGroupSchema: z.ZodType<AudienceGroup> = z.lazy(() =>
  z.object({
    operator: z.enum(['and', 'or']),
    // The cast: zod types a recursive schema only through the hand-written AudienceGroup type.
    predicates: z
      .array(
        z.discriminatedUnion('operator', [
          audienceConditionSchema,
          audienceGroupSchema as unknown as z.ZodObject<{ operator: z.ZodEnum<{ and: 'and'; or: 'or' }> }>,
        ]),
      )
      .max(AUDIENCE_MAX_CONDITIONS, AUDIENCE_TOO_MANY_MESSAGE) as unknown as z.ZodType<Array<AudienceCondition | AudienceGroup>>,
  }),
);

export function isAudienceGroup(node: AudienceCondition | AudienceGroup): node is AudienceGroup {
  return typeof (node as Partial<AudienceGroup>).operator === 'string';
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
  if (size.depth > AUDIENCE_MAX_DEPTH) ctx.addIssue({ code: 'custom', message: AUDIENCE_TOO_DEEP_MESSAGE });
  if (size.conditions > AUDIENCE_MAX_CONDITIONS) ctx.addIssue({ code: 'custom', message: AUDIENCE_TOO_MANY_MESSAGE });
});

/** POST /api/clients: the body is the dynamic audience; the query pages and filters by name. */
export const clientSearchQuerySchema = nameFilterQuerySchema();
export type ClientSearchQuery = z.input<typeof clientSearchQuerySchema>;
export const clientSearchPageSchema = pagedSchema(clientMemberSchema);

/** Segment (name): a saved dynamic audience of one website. */
export const segmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  audience: audienceGroupSchema,
  createdAt: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentListQuerySchema = nameFilterQuerySchema();
export const segmentPageSchema = pagedSchema(segmentSchema);

const segmentName = requiredNameSchema();

/** POST /api/segment */
export const segmentCreateBodySchema = z.object({ name: segmentName, audience: dynamicAudienceSchema });
export type SegmentCreateBody = z.input<typeof segmentCreateBodySchema>;
/** PUT /api/segment: the public path has no id, so the body carries it. */
export const segmentUpdateBodySchema = segmentCreateBodySchema.extend({ _id: z.string().uuid(msg('validation.segmentRequired')) });
export type SegmentUpdateBody = z.input<typeof segmentUpdateBodySchema>;
export const segmentSavedResponseSchema = z.object({ message: z.string(), data: segmentSchema });

export const SEGMENT_CREATED_MESSAGE = msg('segments.created');
export const SEGMENT_UPDATED_MESSAGE = msg('segments.updated');
export const SEGMENT_DELETED_MESSAGE = msg('segments.deleted');
export const SEGMENT_EXISTS_MESSAGE = msg('segments.nameAlreadyExists');
export const SEGMENT_NOT_FOUND_MESSAGE = msg('segments.notFound');

// ---------------------------------------------------------------------------------------------
// The calls. The audiences screen asks no permission and the permission list names no segment
// resource for reading, so listing segments needs only a signed-in member; every call acts inside
// the website of the `Activewebsite` header.
// ---------------------------------------------------------------------------------------------

const segmentCalls = resourceCalls(inWebsite, 'segment', '/api/segment', 'audiences', {
  /** "body is the dynamic audience; query paging and name". */
  searchClients: {
    method: 'POST',
    path: '/api/clients',
    permission: 'get_members',
    summary: 'The active website’s client members a dynamic audience selects',
    query: clientSearchQuerySchema,
    body: dynamicAudienceSchema,
    response: clientSearchPageSchema,
    errors: [400, 401, 403, 404],
  },
  list: {
    permission: null,
    summary: 'List the active website’s segments',
    query: segmentListQuerySchema,
    response: segmentPageSchema,
    errors: [400, 401, 404],
  },
  create: {
    summary: 'Save a dynamic audience as a segment of the active website',
    body: segmentCreateBodySchema,
    response: segmentSavedResponseSchema,
    errors: [400, 401, 404, 409],
  },
  /** The public path has no id, so the body names the segment (`_id`). */
  updateInBody: {
    method: 'PUT',
    path: '/api/segment',
    permission: 'update_segment',
    summary: 'Rename a segment or change its audience',
    body: segmentUpdateBodySchema,
    response: segmentSavedResponseSchema,
    errors: [400, 401, 404, 409],
  },
  delete: { summary: 'Delete a segment', response: messageSchema, errors: [400, 401, 404] },
});
export const searchClientsCall = segmentCalls.searchClients;
export const listSegmentsCall = segmentCalls.list;
export const createSegmentCall = segmentCalls.create;
export const updateSegmentCall = segmentCalls.updateInBody;
export const deleteSegmentCall = segmentCalls.delete;
