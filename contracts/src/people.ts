import { z } from 'zod';
import { defineCall, inWebsite } from './call';
import { messageSchema, pagedSchema } from './common';
import { LIMITS } from './limits';
import { msg } from './message-code';
import { explainStepSchema } from './explain';

/**
 * People: the identified people (client members) and the anonymous visitors of the active website,
 * one list and one page each. A person's id is their client member id when identified; an anonymous
 * visitor's is `visitor:` followed by the id the website's script keeps for them, so one path names
 * either without a second parameter.
 */
export const ANONYMOUS_PERSON_PREFIX = 'visitor:';

export const PERSON_NOT_FOUND_MESSAGE = msg('people.notFound');
export const PERSON_DELETED_MESSAGE = msg('people.deleted');
export const PEOPLE_SETTINGS_SAVED_MESSAGE = msg('people.settingsSaved');

/** A person's id in a path: a client member's uuid, or `visitor:<visitor id>`. */
export const personIdSchema = z
  .string()
  .max(ANONYMOUS_PERSON_PREFIX.length + 200, PERSON_NOT_FOUND_MESSAGE)
  .refine(
    (v) => (v.startsWith(ANONYMOUS_PERSON_PREFIX) ? v.length > ANONYMOUS_PERSON_PREFIX.length : z.string().uuid().safeParse(v).success),
    PERSON_NOT_FOUND_MESSAGE,
  );
export const personParamSchema = z.object({ personId: personIdSchema });

export const PEOPLE_SORTS = ['lastSeen', 'firstSeen', 'name', 'email', 'externalId'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];
export const PEOPLE_IDENTITIES = ['all', 'identified', 'anonymous'] as const;

/**
 * GET /api/people: page and size; `search` in the name, e-mail, external id, any attribute's value
 * (and an anonymous visitor's id); `segment` (a saved audience) or `group` keeps their people only
 * (anonymous visitors belong to neither); `identity` keeps one side; sorted by `sort` and `order`.
 */
export const peopleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(25),
  search: z.string().trim().max(LIMITS.nameMax, msg('validation.searchTooLong')).optional(),
  segment: z.string().uuid(msg('segments.notFound')).optional(),
  group: z.string().uuid(msg('groups.notFound')).optional(),
  identity: z.enum(PEOPLE_IDENTITIES).default('all'),
  sort: z.enum(PEOPLE_SORTS).default('lastSeen'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type PeopleListQuery = z.input<typeof peopleListQuerySchema>;

const attributeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** How campaigns reach the person: their e-mail standing and the browsers taking their push notifications. */
export const personReachSchema = z.object({
  email: z.enum(['none', 'subscribed', 'unsubscribed', 'bounced']),
  pushSubscriptions: z.number().int(),
});

/** A row of the people list. */
export const personRowSchema = z.object({
  _id: z.string(),
  identified: z.boolean(),
  /** The website's own id for the person (null: anonymous). */
  externalId: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  attributes: z.record(z.string(), attributeValueSchema),
  /** Null: never seen by the website's script (a person only imported). */
  firstSeenAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  sessions: z.number().int(),
  devices: z.array(z.enum(['web', 'mobile'])),
  reach: personReachSchema,
});
export type PersonRow = z.infer<typeof personRowSchema>;
export const peoplePageSchema = pagedSchema(personRowSchema);

/** GET /api/people/{personId}: the row, each attribute with when it last changed, what they match now, their browsers. */
export const personSchema = personRowSchema.extend({
  attributeList: z.array(z.object({ name: z.string(), value: attributeValueSchema, changedAt: z.string().nullable() })),
  groups: z.array(z.object({ _id: z.string(), name: z.string() })),
  audiences: z.array(z.object({ _id: z.string(), name: z.string() })),
  visitors: z.array(
    z.object({
      visitorId: z.string(),
      identityVerified: z.boolean(),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
      device: z.enum(['web', 'mobile']).nullable(),
    }),
  ),
});
export type Person = z.infer<typeof personSchema>;
export const personResponseSchema = z.object({ data: personSchema });

/** What the timeline can be narrowed to. */
export const TIMELINE_KINDS = ['session', 'content', 'tour', 'checklist', 'answer', 'comment', 'conversation', 'email', 'push', 'progress'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const timelineQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  kind: z.enum(TIMELINE_KINDS).optional(),
});
export type TimelineQuery = z.input<typeof timelineQuerySchema>;

/**
 * One thing that happened, newest first: `type` says what (an event's type, `sent`, `opened`,
 * `message`…), `content` the item it was about, `detail` the rest (an answer's question and words,
 * a comment's text, a task's id, the page of a session…).
 */
export const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  type: z.string(),
  content: z.object({ _id: z.string(), kind: z.string(), name: z.string() }).nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export const timelinePageSchema = pagedSchema(timelineEntrySchema);

/** POST /api/people/{personId}/preview: "Why not shown?" for every live item, on one page and device. */
export const personPreviewBodySchema = z.object({
  url: z
    .string({ error: msg('validation.urlInvalid') })
    .trim()
    .max(2048, msg('validation.urlTooLong'))
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, msg('validation.urlInvalid')),
  device: z.enum(['web', 'mobile'], { error: msg('validation.deviceInvalid') }).optional(),
});
export type PersonPreviewBody = z.input<typeof personPreviewBodySchema>;
export const personPreviewResponseSchema = z.object({
  data: z.object({
    visitorId: z.string().nullable(),
    items: z.array(z.object({ _id: z.string(), kind: z.string(), name: z.string(), wouldShow: z.boolean(), steps: z.array(explainStepSchema) })),
  }),
});
export type PersonPreview = z.infer<typeof personPreviewResponseSchema>['data'];

/** GET /api/people/{personId}/export: everything held about the person, each kind of data under its own key. */
export const personExportSchema = z.object({
  exportedAt: z.string(),
  person: personSchema,
  events: z.array(z.record(z.string(), z.unknown())),
  answers: z.array(z.record(z.string(), z.unknown())),
  comments: z.array(z.record(z.string(), z.unknown())),
  reactions: z.array(z.record(z.string(), z.unknown())),
  conversations: z.array(z.record(z.string(), z.unknown())),
  emails: z.array(z.record(z.string(), z.unknown())),
  emailSuppressions: z.array(z.record(z.string(), z.unknown())),
  pushSubscriptions: z.array(z.record(z.string(), z.unknown())),
  pushes: z.array(z.record(z.string(), z.unknown())),
  progress: z.array(z.record(z.string(), z.unknown())),
});
export type PersonExport = z.infer<typeof personExportSchema>;

export const listPeopleCall = defineCall({
  method: 'GET',
  path: '/api/people',
  access: inWebsite('get_people'),
  summary: 'List the active website’s people, identified and anonymous',
  tag: 'people',
  query: peopleListQuerySchema,
  response: peoplePageSchema,
  errors: [400, 401, 403, 404],
});

export const getPersonCall = defineCall({
  method: 'GET',
  path: '/api/people/:personId',
  access: inWebsite('get_people'),
  summary: 'A person: attributes, groups and audiences matched now, browsers',
  tag: 'people',
  params: personParamSchema,
  response: personResponseSchema,
  errors: [400, 401, 403, 404],
});

export const personTimelineCall = defineCall({
  method: 'GET',
  path: '/api/people/:personId/timeline',
  access: inWebsite('get_people'),
  summary: 'What a person saw and did, newest first',
  tag: 'people',
  params: personParamSchema,
  query: timelineQuerySchema,
  response: timelinePageSchema,
  errors: [400, 401, 403, 404],
});

export const previewPersonCall = defineCall({
  method: 'POST',
  path: '/api/people/:personId/preview',
  access: inWebsite('get_people'),
  summary: 'What the person would be shown now: the explanation of every live item',
  tag: 'people',
  params: personParamSchema,
  body: personPreviewBodySchema,
  response: personPreviewResponseSchema,
  errors: [400, 401, 403, 404],
});

export const exportPersonCall = defineCall({
  method: 'GET',
  path: '/api/people/:personId/export',
  access: inWebsite('get_people'),
  summary: 'Everything held about a person, as one JSON document',
  tag: 'people',
  params: personParamSchema,
  response: personExportSchema,
  errors: [400, 401, 403, 404],
});

export const deletePersonCall = defineCall({
  method: 'DELETE',
  path: '/api/people/:personId',
  access: inWebsite('delete_people'),
  summary: 'Delete a person and everything that is theirs',
  tag: 'people',
  params: personParamSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404],
});

/** Longest retention a website may set for anonymous visitors' events (ten years). */
export const ANONYMOUS_RETENTION_DAYS_MAX = 3650;

/**
 * The people settings of the active website: days an anonymous visitor's events are kept before the
 * job queue deletes them (null: kept for ever). Identified people's events are theirs to request.
 */
export const peopleSettingsSchema = z.object({
  anonymousRetentionDays: z
    .number({ error: msg('validation.retentionDaysRange') })
    .int(msg('validation.retentionDaysRange'))
    .min(1, msg('validation.retentionDaysRange'))
    .max(ANONYMOUS_RETENTION_DAYS_MAX, msg('validation.retentionDaysRange'))
    .nullable(),
});
export type PeopleSettings = z.infer<typeof peopleSettingsSchema>;

export const getPeopleSettingsCall = defineCall({
  method: 'GET',
  path: '/api/people-settings',
  access: inWebsite('get_people'),
  summary: 'The active website’s retention of anonymous visitors’ events',
  tag: 'people',
  response: z.object({ data: peopleSettingsSchema }),
  errors: [400, 401, 403, 404],
});

/** Shortening the retention deletes data: it needs delete_people. */
export const updatePeopleSettingsCall = defineCall({
  method: 'PUT',
  path: '/api/people-settings',
  access: inWebsite('delete_people'),
  summary: 'Set how long anonymous visitors’ events are kept',
  tag: 'people',
  body: peopleSettingsSchema,
  response: messageSchema.extend({ data: peopleSettingsSchema }),
  errors: [400, 401, 403, 404],
});
