import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createTagCall, deleteTagCall, listTagsCall } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { conflict, notFound } from '../../lib/errors';
import { activeWebsiteOf } from '../../plugins/access';
import { tagsStore, tagView } from '../../stores/tags';
import { isUniqueViolation } from '../shared';

const tagExists = () => conflict('tags.alreadyExists', { name: 'tags.nameAlreadyExists' });

/**
 * The tags of the active website (spec: the content lists read them with `?pageSize=1000`). A tag
 * of another website, or of another organisation, answers 404 like a missing one.
 */
export function tagRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = (request: FastifyRequest) => tagsStore(ctx.db, activeWebsiteOf(request).id);

  serve(app, listTagsCall, (request) => store(request).page(request.query));

  serve(app, createTagCall, async (request) => {
    const tags = store(request);
    if (await tags.nameTaken(request.body.name)) throw tagExists();
    const tag = await tags.insert(request.body).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw tagExists();
      throw err;
    });
    return { message: 'tags.created', data: tagView(tag) };
  });

  serve(app, deleteTagCall, async (request) => {
    if (!(await store(request).remove(request.params.id))) throw notFound('tags.notFound');
    return { message: 'tags.deleted' };
  });
}
