import type { FastifyInstance } from 'fastify';
import type { MessageCode } from 'contracts';
import {
  ATTRIBUTE_TYPE_MESSAGE,
  IDENTITY_HASH_EXPIRED_MESSAGE,
  IDENTITY_HASH_INVALID_MESSAGE,
  IDENTITY_HASH_REQUIRED_MESSAGE,
  UNKNOWN_ATTRIBUTE_MESSAGE,
  VISITOR_IDENTIFIED_MESSAGE,
  identifyVisitorCall,
  type AttributeType,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { HttpError, badRequest } from '../../lib/errors';
import { checkIdentityHash } from '../../lib/identity-hash';
import { websiteScriptStore } from '../../stores/website-script';
import { attributeTypesOf } from '../../stores/attributes';
import type { ScriptServices } from '../../delivery/script-services';

type AttributeValue = string | number | boolean | null;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether a value fits a people-data attribute's type; null clears any attribute. Dates travel as ISO strings. */
export function fitsAttributeType(type: AttributeType, value: AttributeValue): boolean {
  if (value === null) return true;
  if (type === 'string') return typeof value === 'string';
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'boolean') return typeof value === 'boolean';
  if (typeof value !== 'string') return false;
  const m = ISO_DAY.exec(value.trim());
  if (!m) return false;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day && !Number.isNaN(Date.parse(value.trim()));
}

/**
 * POST /api/public/{websiteKey}/identify: the page says who its visitor is. Creates or
 * updates the website's client member (external id → member id, name → username, e-mail), links the
 * visitor id to it, and stores values of the website's people-data attributes (the jsonb the audience
 * compiler reads). Every attribute is checked before anything is written: one the website has not
 * declared, or a value of another type, is a 400 on `attributes.{name}` and nothing is stored.
 *
 * Identity verification comes first: a `userHash` that is sent must be HMAC-SHA256 of the external
 * id under the website's identity secret (or the previous one, during its grace period), and a
 * website that requires verification refuses an identify without one. Either refusal is a 401 on
 * `userHash` and nothing is written: the visitor stays who they were. The visitor row and the answer
 * record whether the identity was verified.
 */
export function identifyRoute(app: FastifyInstance, ctx: AppContext, services: ScriptServices) {
  serve(app, identifyVisitorCall, async (request) => {
    const { visitorId, externalId, name, email, attributes = {}, userHash } = request.body;
    const { website } = await services.website(request, request.params.websiteKey);
    services.limit('identify', website.id, request);

    const store = websiteScriptStore(ctx.db);
    const site = await store.identityVerification(website.id);
    const check = checkIdentityHash(site, externalId, userHash, ctx.clock.now());
    if (check === 'invalid') throw identityRefused(IDENTITY_HASH_INVALID_MESSAGE);
    if (check === 'expired') throw identityRefused(IDENTITY_HASH_EXPIRED_MESSAGE);
    if (check === 'missing' && site.required) throw identityRefused(IDENTITY_HASH_REQUIRED_MESSAGE);
    const verified = check === 'verified';

    const declared = await attributeTypesOf(ctx.db, website.id);
    const errors: Record<string, MessageCode> = {};
    for (const [attribute, value] of Object.entries(attributes)) {
      const type = declared.get(attribute);
      if (!type) errors[`attributes.${attribute}`] = UNKNOWN_ATTRIBUTE_MESSAGE;
      else if (!fitsAttributeType(type, value)) errors[`attributes.${attribute}`] = ATTRIBUTE_TYPE_MESSAGE;
    }
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);

    await store.identify(website.id, visitorId, { externalId, username: name || null, email: email || null, attributes }, verified);
    return { message: VISITOR_IDENTIFIED_MESSAGE, memberId: externalId, verified };
  });
}

/** 401: the identity was not proven; the field error names `userHash`, which the script's warning shows. */
const identityRefused = (message: MessageCode) => new HttpError(401, message, { userHash: message });
