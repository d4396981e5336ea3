import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ATTRIBUTE_CREATED_MESSAGE,
  ATTRIBUTE_DELETED_MESSAGE,
  ATTRIBUTE_EXISTS_MESSAGE,
  ATTRIBUTE_UPDATED_MESSAGE,
  createAttributeCall,
  deleteAttributeCall,
  listAttributesCall,
  updateAttributeCall,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { conflict, notFound } from '../../lib/errors';
import { activeWebsiteOf } from '../../plugins/access';
import { attributesStore, attributeView } from '../../stores/attributes';
import { isUniqueViolation } from '../shared';

const attributeExists = () => conflict(ATTRIBUTE_EXISTS_MESSAGE, { name: ATTRIBUTE_EXISTS_MESSAGE });
const attributeNotFound = () => notFound('attributes.notFound');

/** Two requests racing for the same name: the unique index (on lower(name)) decides. */
function onUniqueViolation(err: unknown): never {
  if (isUniqueViolation(err)) throw attributeExists();
  throw err;
}

/**
 * People-data attributes (/settings/people-data): what the active website's script sends about each
 * person. An attribute of another website answers 404 (the store never reads outside the website).
 */
export function attributeRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = (request: FastifyRequest) => attributesStore(ctx.db, activeWebsiteOf(request).id);

  /**
   * Renaming, retyping or deleting an attribute that a saved audience uses would break that audience
   * silently: refused with 409, naming the audiences to change first.
   */
  async function refuseIfUsed(request: FastifyRequest, name: string): Promise<void> {
    const using = await store(request).segmentsUsing(name);
    if (using.length > 0) throw conflict({ code: 'attributes.usedByAudiences', params: { names: using.join(', ') } });
  }

  serve(app, listAttributesCall, (request) => store(request).page(request.query));

  serve(app, createAttributeCall, async (request) => {
    if (await store(request).nameTaken(request.body.name)) throw attributeExists();
    const row = await store(request).insert(request.body).catch(onUniqueViolation);
    return { message: ATTRIBUTE_CREATED_MESSAGE, data: attributeView(row) };
  });

  serve(app, updateAttributeCall, async (request) => {
    const { id } = request.params;
    const { name, type } = request.body;
    const attributes = store(request);
    if (await attributes.nameTaken(name, id)) throw attributeExists();
    const current = await attributes.find(id);
    if (!current) throw attributeNotFound();
    if (current.name !== name || current.type !== type) await refuseIfUsed(request, current.name);
    const row = await attributes.update(id, { name, type }).catch(onUniqueViolation);
    if (!row) throw attributeNotFound();
    return { message: ATTRIBUTE_UPDATED_MESSAGE, data: attributeView(row) };
  });

  serve(app, deleteAttributeCall, async (request) => {
    const attributes = store(request);
    const current = await attributes.find(request.params.id);
    if (!current) throw attributeNotFound();
    await refuseIfUsed(request, current.name);
    if (!(await attributes.remove(current.id))) throw attributeNotFound();
    return { message: ATTRIBUTE_DELETED_MESSAGE };
  });
}
