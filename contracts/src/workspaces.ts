import { z } from 'zod';
import { LIMITS } from './limits';
import { inWebsite } from './call';
import { messageSchema, pageQuerySchema, pagedSchema, requiredNameSchema } from './common';
import { msg } from './message-code';
import { CONTENT_KINDS } from './content-kinds';
import { resourceCalls } from './resource-calls';

/**
 * The services a workspace groups content of. The public GET /api/workspaces takes a `service`
 * filter, so a workspace belongs to one service's side list (popups, banners, push, tours, checklists).
 */
/** A workspace files the items of one kind: the described kinds. */
export const WORKSPACE_SERVICES = CONTENT_KINDS;
export type WorkspaceService = (typeof WORKSPACE_SERVICES)[number];

/** Icons a workspace may show (names the console knows how to draw). */
export const WORKSPACE_ICONS = ['folder', 'star', 'rocket', 'heart', 'flag', 'bookmark', 'briefcase', 'zap'] as const;
export type WorkspaceIcon = (typeof WORKSPACE_ICONS)[number];

/** Workspace is _id, name, icon (plus the service it belongs to). */
export const workspaceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  icon: z.string(),
  service: z.enum(WORKSPACE_SERVICES),
  createdAt: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** GET /api/workspaces (spec: page 1, pageSize 100, service, order). */
export const workspaceListQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(100),
  service: z.enum(WORKSPACE_SERVICES, { error: msg('workspaces.unknownService') }).optional(),
});
export const workspacePageSchema = pagedSchema(workspaceSchema);

/** POST /api/workspaces. */
export const workspaceCreateBodySchema = z.object({
  name: requiredNameSchema(LIMITS.workspaceNameMax, msg('validation.workspaceNameTooLong')),
  icon: z.enum(WORKSPACE_ICONS, { error: msg('validation.iconRequired') }),
  service: z.enum(WORKSPACE_SERVICES, { error: msg('validation.serviceRequired') }),
});
export type WorkspaceCreateBody = z.input<typeof workspaceCreateBodySchema>;
export const workspaceCreateResponseSchema = z.object({ message: z.string(), data: workspaceSchema });

// ---------------------------------------------------------------------------------------------
// Calls. Content of the active website: any member may list them (the permission list
// names no permission for it); writing needs create_workspaces / delete_workspaces.
// ---------------------------------------------------------------------------------------------

const workspaceCalls = resourceCalls(inWebsite, 'workspaces', '/api/workspaces', 'workspaces', {
  list: {
    permission: null,
    summary: 'List the active website’s workspaces',
    query: workspaceListQuerySchema,
    response: workspacePageSchema,
    errors: [400, 401, 404],
  },
  create: {
    summary: 'Create a workspace on the active website',
    body: workspaceCreateBodySchema,
    response: workspaceCreateResponseSchema,
    errors: [400, 401, 404, 409],
  },
  delete: { summary: 'Delete a workspace of the active website', response: messageSchema, errors: [400, 401, 404] },
});
export const listWorkspacesCall = workspaceCalls.list;
export const createWorkspaceCall = workspaceCalls.create;
export const deleteWorkspaceCall = workspaceCalls.delete;
