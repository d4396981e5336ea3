import type { FastifyInstance } from 'fastify';
import { BUILDER_PATHS, SCRIPT_PATHS, WEB_PUSH_PATHS } from 'contracts';
import type { AppContext } from '../../context';
import { PUBLIC } from '../shared';
import { SCRIPT_CORS } from '../../http/script-cors';
import { ScriptServices } from '../../delivery/script-services';
import { contentRoute } from './content';
import { identifyRoute } from './identify';
import { eventsRoute } from './events';
import { progressRoute } from './progress';
import { debugRoute } from './debug';
import { builderPublicRoutes } from './builder';
import { webPushRoutes } from './web-push';

/**
 * The website script's public calls: content, identify, events, progress, debug, Web Push. In a scope of their own,
 * where a `text/plain` body is read as JSON: the script sends JSON as text/plain so the browser needs
 * no CORS preflight, and `navigator.sendBeacon` can flush events on `pagehide`. No other route accepts it.
 */
export async function publicScriptRoutes(app: FastifyInstance, ctx: AppContext) {
  const services = new ScriptServices(ctx);
  await services.start();
  app.addHook('onClose', () => services.close());
  // Hourly, like the other prunes: rows of rate-limit windows long past.
  const pruneTimer = setInterval(() => void services.prune().catch(() => {}), 60 * 60_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));
    // The preflights: each route's own OPTIONS, so @fastify/cors answers them with the open policy
    // (its catch-all OPTIONS route would apply the console's origins). Hidden from the OpenAPI document.
    for (const path of [
      SCRIPT_PATHS.content,
      SCRIPT_PATHS.identify,
      SCRIPT_PATHS.events,
      SCRIPT_PATHS.progress,
      SCRIPT_PATHS.debug,
      ...Object.values(BUILDER_PATHS),
      ...Object.values(WEB_PUSH_PATHS),
    ]) {
      scope.options(path, { config: { ...PUBLIC, cors: SCRIPT_CORS }, schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
    }
    contentRoute(scope, ctx, services);
    identifyRoute(scope, ctx, services);
    eventsRoute(scope, ctx, services);
    progressRoute(scope, ctx, services);
    debugRoute(scope, ctx, services);
    builderPublicRoutes(scope, ctx, services);
    webPushRoutes(scope, ctx, services);
  });
  return services;
}
