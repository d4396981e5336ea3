import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SEGMENT_CREATED_MESSAGE,
  SEGMENT_DELETED_MESSAGE,
  SEGMENT_EXISTS_MESSAGE,
  SEGMENT_NOT_FOUND_MESSAGE,
  SEGMENT_UPDATED_MESSAGE,
  createSegmentCall,
  deleteSegmentCall,
  listSegmentsCall,
  searchClientsCall,
  updateSegmentCall,
  type AudienceGroup,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { conflict, notFound } from '../../lib/errors';
import { activeWebsiteOf } from '../../plugins/access';
import { attributesStore } from '../../stores/attributes';
import { clientMembersStore } from '../../stores/client-members';
import { segmentsStore, segmentView } from '../../stores/segments';
import { isUniqueViolation } from '../shared';
import { compileAudience } from '../../stores/audience-compiler';

const segmentExists = () => conflict(SEGMENT_EXISTS_MESSAGE, { name: SEGMENT_EXISTS_MESSAGE });
const segmentNotFound = () => notFound(SEGMENT_NOT_FOUND_MESSAGE);

/** Two requests racing for the same name: the unique index (on lower(name)) decides. */
function onUniqueViolation(err: unknown): never {
  if (isUniqueViolation(err)) throw segmentExists();
  throw err;
}

/**
 * Dynamic audiences (POST /api/clients) and segments, the saved ones (/settings/audiences).
 * Every call acts inside the website of the `Activewebsite` header; a segment of another
 * website answers 404 like a missing one. A tree becomes one SQL condition (stores/audience-compiler.ts) checked
 * against the website's attributes, on search and on save alike, so a saved segment always compiles.
 */
export function audienceRoutes(app: FastifyInstance, ctx: AppContext) {
  const websiteId = (request: FastifyRequest) => activeWebsiteOf(request).id;
  const segments = (request: FastifyRequest) => segmentsStore(ctx.db, websiteId(request));

  /** The tree as SQL, or 400 with one message per faulty field (`prefix`: where the tree sits in the body). */
  const compile = async (request: FastifyRequest, audience: AudienceGroup, prefix?: string) =>
    compileAudience(audience, await attributesStore(ctx.db, websiteId(request)).types(), prefix);

  // The people the tree selects, newest first, as the Clients/reports table shows them; `name`
  // narrows to member ids or usernames containing it. The database filters, counts and pages.
  serve(app, searchClientsCall, async (request) => clientMembersStore(ctx.db, websiteId(request)).search(await compile(request, request.body), request.query));

  serve(app, listSegmentsCall, (request) => segments(request).page(request.query));

  serve(app, createSegmentCall, async (request) => {
    await compile(request, request.body.audience, 'audience');
    if (await segments(request).nameTaken(request.body.name)) throw segmentExists();
    const row = await segments(request).insert(request.body).catch(onUniqueViolation);
    return { message: SEGMENT_CREATED_MESSAGE, data: segmentView(row) };
  });

  serve(app, updateSegmentCall, async (request) => {
    const { _id: id, name, audience } = request.body;
    if (!(await segments(request).exists(id))) throw segmentNotFound();
    await compile(request, audience, 'audience');
    if (await segments(request).nameTaken(name, id)) throw segmentExists();
    const row = await segments(request).update(id, { name, audience }).catch(onUniqueViolation);
    if (!row) throw segmentNotFound();
    return { message: SEGMENT_UPDATED_MESSAGE, data: segmentView(row) };
  });

  serve(app, deleteSegmentCall, async (request) => {
    if (!(await segments(request).remove(request.params.id))) throw segmentNotFound();
    return { message: SEGMENT_DELETED_MESSAGE };
  });
}
