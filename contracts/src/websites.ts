import { z } from 'zod';
import { LIMITS } from './limits';
import { inOrganisation } from './call';
import { messageSchema, pagedSchema, requiredNameSchema, nameFilterQuerySchema, bulkIds, requiredText } from './common';
import { websiteSchema } from './auth';
import { msg } from './message-code';
import { resourceCalls } from './resource-calls';

/** GET /api/websites: the caller's organisation's websites, newest first. */
export const websiteListQuerySchema = nameFilterQuerySchema();
/**
 * Each website carries its public key: what its script sends with every event (POST
 * /api/public/{publicKey}/events). Not a secret, it ships in the page; the dashboard's installation
 * snippet shows it.
 */
export const websiteListItemSchema = websiteSchema.required({ createdAt: true }).extend({ publicKey: z.string() });
export type WebsiteListItem = z.infer<typeof websiteListItemSchema>;
export const websitePageSchema = pagedSchema(websiteListItemSchema);

/**
 * A website's domain as the organisation types it ("https://Shop.Example.com/path") is stored as the
 * bare host name ("shop.example.com"): lower-case, no scheme, no path, no trailing dot. Two
 * spellings of one site are therefore the same website, and the duplicate check is an equality.
 */
export function normaliseDomain(input: string): string {
  let d = input.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  d = d.replace(/^[^@/]*@/, '');
  d = d.split(/[/?#]/)[0];
  return d.replace(/\.+$/, '');
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63})(:\d{1,5})?$/;

/** A host name (optionally with a port) once normalised: what the browser form checks before sending. */
export const isValidDomain = (input: string): boolean => DOMAIN_PATTERN.test(normaliseDomain(input));

/** POST /api/websites (create_websites). */
export const websiteCreateBodySchema = z.object({
  name: requiredNameSchema(),
  domain: requiredText(msg('validation.domainRequired'), LIMITS.urlMax, msg('validation.urlTooLong'))
    .transform(normaliseDomain)
    .refine((d) => DOMAIN_PATTERN.test(d), msg('validation.domainInvalid')),
});
export type WebsiteCreateBody = z.input<typeof websiteCreateBodySchema>;
export const websiteCreateResponseSchema = z.object({ message: z.string(), data: websiteSchema.required({ createdAt: true }) });

/** DELETE /api/websites: DELETE is on the collection (a fixed contract with existing clients), so the ids travel in the body. */
export const websiteDeleteBodySchema = z.object({
  websites: bulkIds(msg('websites.unknown'), msg('validation.websitesRequired')),
});
export type WebsiteDeleteBody = z.input<typeof websiteDeleteBodySchema>;

export const WEBSITE_EXISTS_MESSAGE = msg('websites.alreadyExists');
export const WEBSITE_DELETED_MESSAGE = msg('websites.deleted');

// ---------------------------------------------------------------------------------------------
// Calls (each call defined once; the API serves these, the browser calls these)
// ---------------------------------------------------------------------------------------------

const websiteCalls = resourceCalls(inOrganisation, 'websites', '/api/websites', 'websites', {
  list: { summary: 'List websites', query: websiteListQuerySchema, response: websitePageSchema, errors: [400, 401, 403] },
  create: { summary: 'Add a website', body: websiteCreateBodySchema, response: websiteCreateResponseSchema, errors: [400, 401, 403, 409] },
  /** DELETE is on the collection (a fixed contract with existing clients): one id or many, in the body. */
  deleteMany: { summary: 'Delete websites', body: websiteDeleteBodySchema, response: messageSchema, errors: [400, 401, 403, 404, 409] },
});
export const listWebsitesCall = websiteCalls.list;
export const createWebsiteCall = websiteCalls.create;
export const deleteWebsitesCall = websiteCalls.deleteMany;
