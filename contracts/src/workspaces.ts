import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './common';

/**
 * The services a workspace groups content of. The spec's GET /api/workspaces takes a `service`
 * filter, so a workspace belongs to one service's side list (popups, banners, push, tours, checklists).
 */
export const WORKSPACE_SERVICES = ['popup', 'banner', 'push', 'tour', 'checklist'] as const;
export type WorkspaceService = (typeof WORKSPACE_SERVICES)[number];

/** Icons a workspace may show (names the console knows how to draw). */
export const WORKSPACE_ICONS = ['folder', 'star', 'rocket', 'heart', 'flag', 'bookmark', 'briefcase', 'zap'] as const;
export type WorkspaceIcon = (typeof WORKSPACE_ICONS)[number];

/** Spec section 3: Workspace is _id, name, icon (plus the service it belongs to). */
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
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  service: z.enum(WORKSPACE_SERVICES, { error: 'Unknown service' }).optional(),
});
export const workspacePageSchema = pagedSchema(workspaceSchema);

/** POST /api/workspaces. */
export const workspaceCreateBodySchema = z.object({
  name: z.string({ error: 'Please enter name' }).trim().min(1, 'Please enter name').max(60, 'Name must be at most 60 characters'),
  icon: z.enum(WORKSPACE_ICONS, { error: 'Please choose an icon' }),
  service: z.enum(WORKSPACE_SERVICES, { error: 'Please choose a service' }),
});
export type WorkspaceCreateBody = z.input<typeof workspaceCreateBodySchema>;
export const workspaceCreateResponseSchema = z.object({ message: z.string(), data: workspaceSchema });
