import { z } from 'zod';
import { LIMITS } from './limits';
import { msg, type MessageCode } from './message-code';

/** Paging query of every list call: page 1 and pageSize 10 by default, newest first. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(10),
  orderBy: z.enum(['createdAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The paging query with a `name` filter (contains, case-insensitive): the lists of named things. */
export const nameFilterQuerySchema = (max: number = LIMITS.nameMax) => pageQuerySchema.extend({ name: z.string().trim().max(max).optional() });

/** A required, trimmed text of at most `max` characters: `required` when missing or blank, `tooLong` past `max`. */
export const requiredText = (required: MessageCode, max: number, tooLong: MessageCode) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * The name of what a user names (a role, a group, a website, a person…): required, trimmed, at
 * most `max` characters, with the too-long message of that thing.
 */
export const requiredNameSchema = (max: number = LIMITS.nameMax, tooLong: MessageCode = msg('validation.nameTooLong')) =>
  requiredText(msg('validation.nameRequired'), max, tooLong);

export const pageMetaSchema = z.object({
  totalDocs: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
  nextPage: z.number().int().nullable(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function pagedSchema<T extends z.ZodTypeAny>(doc: T) {
  return z.object({ docs: z.array(doc), meta: pageMetaSchema });
}
export type Paged<T> = { docs: T[]; meta: PageMeta };

export function pageMeta(totalDocs: number, page: number, limit: number): PageMeta {
  const hasMore = page * limit < totalDocs;
  return { totalDocs, page, limit, hasMore, nextPage: hasMore ? page + 1 : null };
}

/** Every error the API answers: a human message, and per-field messages for validation errors. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A bare `{ message }` answer, for calls whose success only needs saying. */
export const messageSchema = z.object({ message: z.string() });

export const idParamSchema = z.object({ id: z.string().uuid() });

/** The items of a list that carry ids (a checklist's tasks, a tour's steps): an id sent twice is refused on that item. */
export const uniqueItemIds = (items: { id?: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (!item.id) return;
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: msg('validation.itemsDuplicated') });
    seen.add(item.id);
  });
};

/**
 * The ids of a bulk action (a bulk delete's body): at least one, at most LIMITS.bulkMax, each a uuid
 * (`notFound` when not), with the list's own messages where it has them.
 */
export const bulkIds = (
  notFound: MessageCode,
  required: MessageCode = msg('validation.itemsRequired'),
  tooMany: MessageCode = msg('validation.itemsTooMany'),
) => z.array(z.string().uuid(notFound), { error: required }).min(1, required).max(LIMITS.bulkMax, tooMany);
