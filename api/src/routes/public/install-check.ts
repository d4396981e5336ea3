import type { FastifyInstance } from 'fastify';
import type { MessageCode } from 'contracts';
import { desc, eq } from 'drizzle-orm';
import { UNKNOWN_WEBSITE_KEY_MESSAGE, getInstallCheckCall, installCheckHeadersSchema } from 'contracts';
import type { AppContext } from '../../context';
import { websiteInstallations, websites } from '../../db/schema';
import { serve } from '../../http/serve';
import { badRequest, notFound } from '../../lib/errors';

/**
 * GET /api/public/install-check, header `x-client-id: <public key>` (spec section 7): whether the
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
    const [site] = await ctx.db.select({ id: websites.id }).from(websites).where(eq(websites.publicKey, parsed.data['x-client-id'])).limit(1);
    if (!site) throw notFound(UNKNOWN_WEBSITE_KEY_MESSAGE);
    const [last] = await ctx.db
      .select()
      .from(websiteInstallations)
      .where(eq(websiteInstallations.websiteId, site.id))
      .orderBy(desc(websiteInstallations.lastSeenAt))
      .limit(1);
    void reply.header('cache-control', 'no-store');
    return {
      app_is_installed: !!last,
      lastSeenAt: last ? last.lastSeenAt.toISOString() : null,
      origin: last?.origin ?? null,
      version: last?.version ?? null,
    };
  });
}
