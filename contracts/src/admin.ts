import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './common';
import { userSchema } from './auth';

/** GET /api/admin/users (super-admin only): every client account, search by name, newest first. */
export const adminUserListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(120).optional(),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;
export const adminUserPageSchema = pagedSchema(userSchema);
