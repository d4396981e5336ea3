import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './common';
import { roleSchema } from './auth';

/** GET /api/roles: page, pageSize, name (contains, case-insensitive), orderBy createdAt, order desc. */
export const roleListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(120).optional(),
});
export type RoleListQuery = z.input<typeof roleListQuerySchema>;

export const rolePageSchema = pagedSchema(roleSchema.required({ createdAt: true }));

/** GET /api/roles/{id} */
export const roleResponseSchema = z.object({ data: roleSchema.required({ createdAt: true }) });
