import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PEOPLE_SETTINGS_SAVED_MESSAGE,
  PERSON_DELETED_MESSAGE,
  getPeopleSettingsCall,
  updatePeopleSettingsCall,
  PERSON_NOT_FOUND_MESSAGE,
  SEGMENT_NOT_FOUND_MESSAGE,
  deletePersonCall,
  exportPersonCall,
  getPersonCall,
  listPeopleCall,
  personTimelineCall,
  previewPersonCall,
  type Person,
  type PersonPreview,
} from 'contracts';
import type { AppContext } from '../../context';
import { ScriptContentCache } from '../../delivery/content-cache';
import { serve } from '../../http/serve';
import { languageOf } from '../../i18n/messages';
import { notFound } from '../../lib/errors';
import { activeWebsiteOf } from '../../plugins/access';
import { forgetAuditObject, recordAudit } from '../../stores/audit-log';
import { auditScope } from '../shared';
import { attributesStore } from '../../stores/attributes';
import { compileStoredAudience } from '../../stores/audience-compiler';
import { explainStore } from '../../stores/explain';
import { peopleStore, personKeyOf, type PersonKey } from '../../stores/people';
import { segmentsStore } from '../../stores/segments';
import { explainRow, type ExplainSubject } from '../campaigns/explain';

const personNotFound = () => notFound(PERSON_NOT_FOUND_MESSAGE);

/**
 * People of the active website: the list, a person's page and timeline, what they would be shown
 * now, and their data on request (export, delete). A person of another website answers 404 like a
 * missing one.
 */
export function peopleRoutes(app: FastifyInstance, ctx: AppContext) {
  const websiteId = (request: FastifyRequest) => activeWebsiteOf(request).id;
  const people = (request: FastifyRequest) => peopleStore(ctx.db, websiteId(request));

  serve(app, listPeopleCall, async (request) => {
    const { segment } = request.query;
    let audience;
    if (segment) {
      const tree = await segmentsStore(ctx.db, websiteId(request)).audience(segment);
      if (!tree) throw notFound(SEGMENT_NOT_FOUND_MESSAGE);
      audience = compileStoredAudience(tree, await attributesStore(ctx.db, websiteId(request)).types());
    }
    return people(request).page(request.query, audience);
  });

  /** The person's page: the row, attributes with their times, what they match now and their browsers. */
  const personOf = async (request: FastifyRequest, key: PersonKey): Promise<Person> => {
    const store = people(request);
    const row = await store.row(key);
    if (!row) throw personNotFound();
    if (!key.memberId) return { ...row, attributeList: [], groups: [], audiences: [], visitors: await store.visitorsOf(key) };
    const [times, groups, audiences, visitors] = await Promise.all([
      store.attributeTimes(key.memberId),
      store.groupsOf(key.memberId),
      attributesStore(ctx.db, websiteId(request))
        .types()
        .then((types) => store.audiencesOf(key.memberId!, types)),
      store.visitorsOf(key),
    ]);
    const attributeList = Object.keys(row.attributes)
      .sort()
      .map((name) => ({ name, value: row.attributes[name], changedAt: times[name] ? new Date(times[name]).toISOString() : null }));
    return { ...row, attributeList, groups, audiences, visitors };
  };

  serve(app, getPersonCall, async (request) => ({ data: await personOf(request, personKeyOf(request.params.personId)) }));

  serve(app, personTimelineCall, async (request) => {
    const key = personKeyOf(request.params.personId);
    const store = people(request);
    if (!(await store.row(key))) throw personNotFound();
    return store.timeline(key, request.query);
  });

  // "Why not shown?" for every live item at once: the content call's own decision, item by item.
  serve(app, previewPersonCall, async (request) => {
    const key = personKeyOf(request.params.personId);
    const site = websiteId(request);
    const row = await people(request).row(key);
    if (!row) throw personNotFound();
    const explain = explainStore(ctx.db, site);
    const subject: ExplainSubject =
      key.visitorId !== undefined
        ? { member: await explain.memberOfVisitor(key.visitorId), visitorId: key.visitorId }
        : ((await explain.person(row.externalId ?? '')) ?? { member: null, visitorId: null });
    const content = await new ScriptContentCache(ctx.database, ctx.log, ctx.clock).fresh(site);
    const page = { url: request.body.url, device: request.body.device ?? 'web' } as const;
    const lang = languageOf(request.headers['accept-language']);
    const items: PersonPreview['items'] = [];
    for (const it of content?.items ?? []) {
      const item = await explain.item(it.kind, it.id);
      if (!item) continue;
      const explained = await explainRow(ctx, site, item, subject, page, lang, content);
      items.push({ _id: it.id, kind: it.kind, name: await explain.title(it.id), wouldShow: explained.wouldShow, steps: explained.steps });
    }
    return { data: { visitorId: subject.visitorId, items } };
  });

  serve(app, exportPersonCall, async (request, reply) => {
    const key = personKeyOf(request.params.personId);
    const person = await personOf(request, key);
    const held = await people(request).everything(key);
    // Reading is not a change, but an export hands a person's data out of the product: it is recorded.
    await recordAudit(ctx.db, auditScope(request), { action: 'person.exported', objectType: 'person', objectId: request.params.personId });
    // A file the browser saves as is: the person's export, named after them.
    void reply.header('content-disposition', `attachment; filename="person-${person.externalId ? 'member' : 'visitor'}-export.json"`);
    return { exportedAt: new Date(ctx.clock.now()).toISOString(), person, ...held };
  });

  serve(app, deletePersonCall, async (request) => {
    const { personId } = request.params;
    const scope = auditScope(request);
    // The deletion is logged, but not whom it deleted, and earlier entries forget them too.
    const removed = await people(request).remove(personKeyOf(personId), async (tx) => {
      await forgetAuditObject(tx, scope.organisationId, 'person', personId);
      await recordAudit(tx, scope, { action: 'person.deleted', objectType: 'person' });
    });
    if (!removed) throw personNotFound();
    return { message: PERSON_DELETED_MESSAGE };
  });

  serve(app, getPeopleSettingsCall, async (request) => ({ data: { anonymousRetentionDays: await people(request).retention() } }));

  serve(app, updatePeopleSettingsCall, async (request) => {
    const { anonymousRetentionDays } = request.body;
    await people(request).setRetention(anonymousRetentionDays);
    return { message: PEOPLE_SETTINGS_SAVED_MESSAGE, data: { anonymousRetentionDays } };
  });
}
