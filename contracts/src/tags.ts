import { z } from 'zod';
import { LIMITS } from './limits';
import { inWebsite } from './call';
import { messageSchema, pagedSchema, requiredNameSchema, nameFilterQuerySchema } from './common';
import { msg } from './message-code';
import { resourceCalls } from './resource-calls';

/** Tag is _id, name, color. Content of one website (the `Activewebsite` header). */
export const tagSchema = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  createdAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

/** GET /api/tags (spec: `?pageSize=1000`): the content lists fetch every tag at once for their filters. */
export const tagListQuerySchema = nameFilterQuerySchema();
export const tagPageSchema = pagedSchema(tagSchema);

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** POST /api/tags. */
export const tagCreateBodySchema = z.object({
  name: requiredNameSchema(LIMITS.tagNameMax, msg('validation.tagNameTooLong')),
  color: z
    .string({ error: msg('validation.colorRequired') })
    .trim()
    .regex(HEX_COLOR, msg('validation.colorInvalid'))
    .transform((c) => c.toLowerCase()),
});
export type TagCreateBody = z.input<typeof tagCreateBodySchema>;
export const tagCreateResponseSchema = z.object({ message: z.string(), data: tagSchema });

// ---------------------------------------------------------------------------------------------
// Calls. Content of the active website: no rule names permission to read
// tags, so any member may list them; writing needs create_tags / delete_tags.
// ---------------------------------------------------------------------------------------------

const tagCalls = resourceCalls(inWebsite, 'tags', '/api/tags', 'tags', {
  list: { permission: null, summary: 'List the active website’s tags', query: tagListQuerySchema, response: tagPageSchema, errors: [400, 401, 404] },
  create: { summary: 'Create a tag on the active website', body: tagCreateBodySchema, response: tagCreateResponseSchema, errors: [400, 401, 404, 409] },
  delete: { summary: 'Delete a tag of the active website', response: messageSchema, errors: [400, 401, 404] },
});
export const listTagsCall = tagCalls.list;
export const createTagCall = tagCalls.create;
export const deleteTagCall = tagCalls.delete;
