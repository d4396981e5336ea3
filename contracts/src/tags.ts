import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './common';

/** Spec section 3: Tag is _id, name, color. Content of one website (the `Activewebsite` header). */
export const tagSchema = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  createdAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

/** GET /api/tags (spec: `?pageSize=1000`): the content lists fetch every tag at once for their filters. */
export const tagListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(120).optional(),
});
export const tagPageSchema = pagedSchema(tagSchema);

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** POST /api/tags. */
export const tagCreateBodySchema = z.object({
  name: z.string({ error: 'Please enter name' }).trim().min(1, 'Please enter name').max(60, 'Name must be at most 60 characters'),
  color: z
    .string({ error: 'Please enter color' })
    .trim()
    .regex(HEX_COLOR, 'Color must look like #1677ff')
    .transform((c) => c.toLowerCase()),
});
export type TagCreateBody = z.input<typeof tagCreateBodySchema>;
export const tagCreateResponseSchema = z.object({ message: z.string(), data: tagSchema });
