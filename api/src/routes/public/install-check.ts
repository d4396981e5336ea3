import type { FastifyInstance } from 'fastify';
import type { MessageCode } from 'contracts';
import { UNKNOWN_WEBSITE_KEY_MESSAGE, getInstallCheckCall, installCheckHeadersSchema } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { badRequest, notFound } from '../../lib/errors';
import { websiteScriptStore } from '../../stores/website-script';

/**
 * GET /api/public/install-check, header `x-client-id: <public key>`: whether the
 * website's script has reported from one of its pages (the content call's heartbeat), and the latest
 * report's time, page origin and script version. The console's installation guide asks it, so it
 * answers CORS to the console's origins (the API's default policy, which allows the header).
 */
export function installCheckRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, getInstallCheckCall, async (request, reply) => {
    const parsed = installCheckHeadersSchema.safeParse(request.headers);
    if (!parsed.success) {
      const message = (parsed.error.issues[0]?.message ?? 'validation.xClientIdRequired') as MessageCode;
      throw badRequest(message, { 'x-client-id': message });
    }
    const found = await websiteScriptStore(ctx.db).lastInstallation(parsed.data['x-client-id']);
    if (!found) throw notFound(UNKNOWN_WEBSITE_KEY_MESSAGE);
    const { last } = found;
    void reply.header('cache-control', 'no-store');
    return {
      app_is_installed: !!last,
      lastSeenAt: last ? last.lastSeenAt.toISOString() : null,
      origin: last?.origin ?? null,
      version: last?.version ?? null,
    };
  });
}
