import type { FastifyInstance } from 'fastify';
import { checklistCalls, pageMeta, type ChecklistDocument, type ChecklistStats, type ChecklistStatsQuery } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { activeWebsiteOf } from '../../plugins/access';
import { campaignsStore } from '../../stores/campaigns';
import { checklistStatsStore } from '../../stores/checklists';
import { checklistRules } from '../../services/campaign-kinds';

/**
 * GET /api/check-list/{id}/stats-user: the view screen's completion funnel (distinct visitors who saw
 * the checklist, did each task as the editor lists them now, did them all) and, per visitor or person,
 * the tasks done and when, searchable and paged. Another website's checklist answers 404.
 */
export function checklistRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, checklistCalls.statsUser, async (request) => {
    const website = activeWebsiteOf(request);
    const { id } = request.params as { id: string };
    const query = request.query as Required<Pick<ChecklistStatsQuery, 'page' | 'pageSize'>> & ChecklistStatsQuery;
    const checklist = (await campaignsStore(ctx.db, website, checklistRules).view(id)) as ChecklistDocument;
    const store = checklistStatsStore(ctx.db, website.id);
    // The funnel counts everyone; the rows are the search's.
    const everyone = await store.done(id, checklist);
    const rows = query.search ? await store.done(id, checklist, query.search) : everyone;
    const page = Number(query.page);
    const limit = Number(query.pageSize);
    const answer: ChecklistStats = {
      docs: rows.slice((page - 1) * limit, page * limit).map(({ seen: _s, dismissed: _d, ...row }) => row),
      meta: pageMeta(rows.length, page, limit),
      stats: {
        seen: everyone.filter((r) => r.seen).length,
        completed: everyone.filter((r) => r.completedAt).length,
        dismissed: everyone.filter((r) => r.dismissed).length,
      },
      progress: { Tasks: checklist.tasks.map((t) => ({ id: t.id, title: t.title, done: everyone.filter((r) => r.tasks.some((d) => d.id === t.id)).length })) },
    };
    return answer;
  });
}
