import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { URL_MESSAGE, getScriptContentCall } from 'contracts';
import type { AppContext } from '../../context';
import { clientMembers, groupMembers, visitorEvents, visitors } from '../../db/schema';
import { serve } from '../../http/serve';
import { badRequest } from '../../lib/errors';
import type { WebsiteContent } from './content-cache';
import { decide, type VisitorFacts } from './decide';
import type { ScriptServices } from './script';

/**
 * GET /api/public/{websiteKey}/content (issue 12): what this visitor should see on this page now.
 * The website's public content and its compiled targeting come from the process's cache; the one
 * query per call reads the visitor: their client member, which targeting conditions they match, and
 * their views and closes (fatigue, replay). The decision itself is decide.ts.
 */
export function contentRoute(app: FastifyInstance, ctx: AppContext, services: ScriptServices) {
  serve(app, getScriptContentCall, async (request, reply) => {
    const q = request.query;
    const content = await services.website(request, request.params.websiteKey);
    services.limit(services.contentLimiter, 'content', content.website.id, request);
    let url: URL;
    try {
      url = new URL(q.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    } catch {
      throw badRequest(URL_MESSAGE, { url: URL_MESSAGE });
    }
    const [facts] = await Promise.all([visitorFacts(ctx, content, q.visitorId), services.heartbeat(content.website, request, url, q.v)]);
    const now = Date.now();
    const perDay = content.website.interruptionsPerDay;
    const decision = decide(content.items, facts, { url, device: q.device, now }, perDay);
    // The answer is this visitor's, now: never kept by a cache between them and us. Its items were
    // encoded by their contract schema when cached, so the answer is put together from them
    // (encoding a hundred items on every call would cost more than the rest of the call).
    const answer = `{"items":[${decision.items.map((i) => i.json).join(',')}],"interruptions":${JSON.stringify({ perDay, today: decision.today })}}`;
    return reply.code(200).header('cache-control', 'no-store').header('content-type', 'application/json; charset=utf-8').send(answer);
  });
}

interface FactsRow {
  member_id: string | null;
  matched: number[] | null;
  groups: string[] | null;
  history: [string, string, string, number][] | string | null;
}

/**
 * One query: the visitor's client member with its groups and the indexes of the website's targeting conditions it
 * matches (each condition compiled by routes/audiences/compile.ts, over `client_members`), and the
 * visitor's last view and close of each content item.
 */
async function visitorFacts(ctx: AppContext, content: WebsiteContent, visitorId: string): Promise<VisitorFacts> {
  const websiteId = content.website.id;
  const matched = content.conditions.length
    ? sql`array_remove(array[${sql.join(
        content.conditions.map((c, i) => sql`case when ${c} then ${sql.raw(String(i))} end`),
        sql`, `,
      )}]::int[], null)`
    : sql`'{}'::int[]`;
  const query = sql`
    select m.member_id, m.matched, m.groups, h.history
    from (select 1) as one
    left join lateral (
      select ${clientMembers.id} as member_id, ${matched} as matched,
             array(select ${groupMembers.groupId}::text from ${groupMembers} where ${groupMembers.clientMemberId} = ${clientMembers.id}) as groups
      from ${visitors} join ${clientMembers} on ${clientMembers.id} = ${visitors.clientMemberId}
      where ${visitors.websiteId} = ${websiteId} and ${visitors.visitorId} = ${visitorId}
    ) as m on true
    left join lateral (
      select coalesce(json_agg(json_build_array(e.content_id, e.content_kind, e.type, e.at)), '[]'::json) as history
      from (
        select ${visitorEvents.contentId} as content_id, ${visitorEvents.contentKind} as content_kind, ${visitorEvents.type} as type,
               floor(extract(epoch from max(${visitorEvents.occurredAt})) * 1000)::float8 as at
        from ${visitorEvents}
        where ${visitorEvents.websiteId} = ${websiteId} and ${visitorEvents.visitorId} = ${visitorId}
          and ${visitorEvents.type} in ('view', 'close', 'answer') and ${visitorEvents.contentId} is not null
        group by 1, 2, 3
      ) as e
    ) as h on true`;
  const result = (await ctx.db.execute(query)) as unknown as { rows: FactsRow[] };
  const row = result.rows[0];
  const raw = typeof row?.history === 'string' ? (JSON.parse(row.history) as [string, string, string, number][]) : (row?.history ?? []);
  const history = new Map<string, { kind: string; lastView: number | null; lastClose: number | null }>();
  for (const [contentId, kind, type, at] of raw) {
    const h = history.get(contentId) ?? { kind, lastView: null, lastClose: null };
    // Answering a popup's form finishes it as surely as closing it (its thanks then closes it itself).
    if (type === 'view') h.lastView = Number(at);
    else h.lastClose = Math.max(h.lastClose ?? 0, Number(at));
    history.set(contentId, h);
  }
  return { memberId: row?.member_id ?? null, matched: new Set(row?.matched ?? []), groups: new Set(row?.groups ?? []), history };
}
