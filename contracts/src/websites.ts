import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './common';
import { websiteSchema } from './auth';

/** GET /api/websites: the caller's organisation's websites, newest first. */
export const websiteListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(120).optional(),
});
export const websitePageSchema = pagedSchema(websiteSchema.required({ createdAt: true }));
