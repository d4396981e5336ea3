import { z } from 'zod';
import { LIMITS } from './limits';
import { defineCall, inWebsite } from './call';
import { idParamSchema, messageSchema, pageQuerySchema, pagedSchema, requiredNameSchema, nameFilterQuerySchema, bulkIds } from './common';
import { msg } from './message-code';
import { resourceCalls } from './resource-calls';

/**
 * Client members (_id, memberId, username, division, state, domain): the people of
 * one website, as its script reports them. Groups are sets of them.
 */
export const clientMemberSchema = z.object({
  _id: z.string(),
  memberId: z.string(),
  username: z.string().nullable(),
  division: z.string().nullable(),
  state: z.string().nullable(),
  domain: z.string().nullable(),
  /**
   * How campaigns reach the person (the people list only): their e-mail standing (no address,
   * e-mailed, unsubscribed, or bounced) and how many browsers take their push notifications.
   */
  reach: z
    .object({
      email: z.enum(['none', 'subscribed', 'unsubscribed', 'bounced']),
      pushSubscriptions: z.number().int(),
    })
    .optional(),
});
export type ClientMember = z.infer<typeof clientMemberSchema>;

/** GET /api/client-members (get_members): paging, and `search` on the member id, the username or the e-mail. */
export const clientMemberListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(LIMITS.nameMax).optional(),
});
export type ClientMemberListQuery = z.input<typeof clientMemberListQuerySchema>;
export const clientMemberPageSchema = pagedSchema(clientMemberSchema);

/** Most members one group may hold (one save sends them all). */
export const GROUP_MAX_MEMBERS = LIMITS.groupMaxMembers;

/** Group { _id, name, members, createdAt }; `members` are client member ids. */
export const groupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  members: z.array(z.string()),
  membersCount: z.number().int(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/**
 * A row of GET /api/groups: the "Members number" column needs the count only, so the list does not
 * carry every member id (a group may hold thousands): `members` is omitted there.
 */
export const groupRowSchema = groupSchema.omit({ members: true });
export type GroupRow = z.infer<typeof groupRowSchema>;

/** GET /api/groups: page, pageSize, name (contains, case-insensitive), orderBy createdAt, order desc. */
export const groupListQuerySchema = nameFilterQuerySchema();
export type GroupListQuery = z.input<typeof groupListQuerySchema>;
export const groupPageSchema = pagedSchema(groupRowSchema);

/** GET /api/groups/{id} */
export const groupResponseSchema = z.object({ data: groupSchema });

/** How many members the preview (GET /api/group/{id}) carries; the rest is paged through the members call. */
export const GROUP_PREVIEW_MEMBERS = 10;

/** GET /api/group/{id}: the group with its first members (newest first), for the preview dialog. */
export const groupPreviewResponseSchema = z.object({
  data: groupRowSchema.extend({ members: z.array(clientMemberSchema) }),
});
export type GroupPreview = z.infer<typeof groupPreviewResponseSchema>['data'];

/** GET /api/groups/{groupId}/members: page, pageSize. */
export const groupMembersQuerySchema = pageQuerySchema;
export const groupMembersParamSchema = z.object({ groupId: z.string().uuid() });

export const GROUP_MEMBERS_REQUIRED_MESSAGE = msg('validation.membersRequired');
export const GROUP_MEMBERS_UNKNOWN_MESSAGE = msg('groups.membersNotOfWebsite');
export const GROUP_NAME_TAKEN_MESSAGE = msg('groups.nameAlreadyExists');

/**
 * The members of a group: client member ids of the active website. Any problem (empty, malformed,
 * repeated, too many) is one message on the `members` field itself, never on
 * `members.3`, so the form shows it under its picker.
 */
export const groupMembersSchema = z
  .array(z.string().max(LIMITS.memberIdMax), { error: GROUP_MEMBERS_REQUIRED_MESSAGE })
  .min(1, GROUP_MEMBERS_REQUIRED_MESSAGE)
  .max(GROUP_MAX_MEMBERS, msg('validation.membersTooMany'))
  .superRefine((list, ctx) => {
    if (list.some((id) => !z.string().uuid().safeParse(id).success)) ctx.addIssue({ code: 'custom', message: GROUP_MEMBERS_UNKNOWN_MESSAGE });
    else if (new Set(list).size !== list.length) ctx.addIssue({ code: 'custom', message: msg('validation.membersDuplicated') });
  });

/** POST /api/groups and PUT /api/groups/{id}: the name (unique per website, any case) and the members. */
export const groupBodySchema = z.object({
  name: requiredNameSchema(LIMITS.nameMax, msg('validation.groupNameTooLong')),
  members: groupMembersSchema,
});
export type GroupBody = z.input<typeof groupBodySchema>;

/** Answers of POST (201) and PUT (200). */
export const groupSavedResponseSchema = z.object({ message: z.string(), data: groupSchema });
export type GroupSavedResponse = z.infer<typeof groupSavedResponseSchema>;

/** DELETE /api/groups: DELETE is on the collection, with a `groups` list in the body. */
export const groupDeleteBodySchema = z.object({
  groups: bulkIds(msg('groups.notFound'), msg('validation.groupsRequired'), msg('validation.groupsTooMany')),
});
export type GroupDeleteBody = z.input<typeof groupDeleteBodySchema>;

// ---------------------------------------------------------------------------------------------
// The calls: groups and client members belong to the website of the `Activewebsite` header
// ---------------------------------------------------------------------------------------------

const groupCalls = resourceCalls(inWebsite, 'group', '/api/groups', 'groups', {
  list: { summary: 'List the active website’s groups', query: groupListQuerySchema, response: groupPageSchema, errors: [400, 401, 403, 404] },
  get: { summary: 'One group with its member ids', response: groupResponseSchema, errors: [400, 401, 403, 404] },
  /** The singular path: the group with its first members as people, for the preview dialog. */
  preview: {
    method: 'GET',
    path: '/api/group/:id',
    permission: 'get_group',
    summary: 'Preview a group: the group and its first members',
    params: idParamSchema,
    response: groupPreviewResponseSchema,
    errors: [400, 401, 403, 404],
  },
  listMembers: {
    method: 'GET',
    path: '/api/groups/:groupId/members',
    permission: 'get_group',
    summary: 'The members of a group, paged',
    params: groupMembersParamSchema,
    query: groupMembersQuerySchema,
    response: clientMemberPageSchema,
    errors: [400, 401, 403, 404],
  },
  create: { summary: 'Create a group of client members', body: groupBodySchema, response: groupSavedResponseSchema, errors: [400, 401, 403, 404, 409] },
  update: { summary: 'Update a group: its name and members', body: groupBodySchema, response: groupSavedResponseSchema, errors: [400, 401, 403, 404, 409] },
  delete: { summary: 'Delete a group', response: messageSchema, errors: [400, 401, 403, 404] },
  /** The DELETE on the collection, the ids in the body: all or nothing. */
  deleteMany: { summary: 'Delete several groups', body: groupDeleteBodySchema, response: messageSchema, errors: [400, 401, 403, 404] },
});
export const listGroupsCall = groupCalls.list;
export const getGroupCall = groupCalls.get;
export const previewGroupCall = groupCalls.preview;
export const listGroupMembersCall = groupCalls.listMembers;
export const createGroupCall = groupCalls.create;
export const updateGroupCall = groupCalls.update;
export const deleteGroupCall = groupCalls.delete;
export const deleteGroupsCall = groupCalls.deleteMany;

/** The people of the active website; the group form's picker searches here. */
export const listClientMembersCall = defineCall({
  method: 'GET',
  path: '/api/client-members',
  access: inWebsite('get_members'),
  summary: 'List the active website’s client members',
  tag: 'client members',
  query: clientMemberListQuerySchema,
  response: clientMemberPageSchema,
  errors: [400, 401, 403, 404],
});
