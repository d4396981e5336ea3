import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GROUP_MEMBERS_UNKNOWN_MESSAGE,
  GROUP_NAME_TAKEN_MESSAGE,
  createGroupCall,
  deleteGroupCall,
  deleteGroupsCall,
  getGroupCall,
  listClientMembersCall,
  listGroupMembersCall,
  listGroupsCall,
  previewGroupCall,
  updateGroupCall,
} from 'contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { serve } from '../../http/serve';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { activeWebsiteOf } from '../../plugins/access';
import { clientMembersStore } from '../../stores/client-members';
import { groupRowView, groupsStore } from '../../stores/groups';
import { isUniqueViolation } from '../shared';

const groupNotFound = () => notFound('groups.notFound');
const groupNameTaken = () => conflict(GROUP_NAME_TAKEN_MESSAGE, { name: GROUP_NAME_TAKEN_MESSAGE });

/** Two requests racing for the same name: the unique index (on lower(name)) decides. */
function onUniqueViolation(err: unknown): never {
  if (isUniqueViolation(err)) throw groupNameTaken();
  throw err;
}

/**
 * Groups of client members, and the client members they
 * pick from. Every call runs inside the website of the `Activewebsite` header (the access hook answers
 * 404 for a website of another organisation); the stores never read outside it, so a group of another
 * website answers 404 exactly like a missing one.
 */
export function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const websiteId = (request: FastifyRequest) => activeWebsiteOf(request).id;
  const store = (request: FastifyRequest, db: DbOrTx = ctx.db) => groupsStore(db, websiteId(request));

  /** The group with its member count, or 404. */
  async function loadGroup(request: FastifyRequest, id: string) {
    const group = await store(request).find(id);
    if (!group) throw groupNotFound();
    return group;
  }

  /** What POST and PUT answer: the group as saved, with every member id. */
  async function savedView(db: DbOrTx, request: FastifyRequest, id: string) {
    const groups = store(request, db);
    const group = await groups.find(id);
    if (!group) throw groupNotFound();
    return { ...groupRowView(group), members: await groups.memberIds(id) };
  }

  /**
   * The members must be client members of the active website, else one message on
   * `members` (400) that never says which website an id belongs to; a name already used on the
   * website, whatever its case, is 409 on `name`.
   */
  async function checkBody(request: FastifyRequest, body: { name: string; members: string[] }, exceptId?: string) {
    if (!(await clientMembersStore(ctx.db, websiteId(request)).allOfWebsite(body.members))) {
      throw badRequest(GROUP_MEMBERS_UNKNOWN_MESSAGE, { members: GROUP_MEMBERS_UNKNOWN_MESSAGE });
    }
    if (await store(request).nameTaken(body.name, exceptId)) throw groupNameTaken();
  }

  serve(app, listGroupsCall, (request) => store(request).page(request.query));

  serve(app, getGroupCall, async (request) => {
    const group = await loadGroup(request, request.params.id);
    return { data: { ...groupRowView(group), members: await store(request).memberIds(group.id) } };
  });

  serve(app, previewGroupCall, async (request) => {
    const group = await loadGroup(request, request.params.id);
    return { data: { ...groupRowView(group), members: await store(request).previewMembers(group.id) } };
  });

  serve(app, listGroupMembersCall, async (request) => {
    const group = await loadGroup(request, request.params.groupId);
    return store(request).membersPage(group.id, request.query);
  });

  serve(app, createGroupCall, async (request) => {
    await checkBody(request, request.body);
    const data = await ctx.db
      .transaction(async (tx) => {
        const id = await store(request, tx).insert(request.body);
        return savedView(tx, request, id);
      })
      .catch(onUniqueViolation);
    return { message: 'groups.created', data };
  });

  serve(app, updateGroupCall, async (request) => {
    const { id } = request.params;
    // 404 before anything about the body: a foreign group is never hinted at.
    await loadGroup(request, id);
    await checkBody(request, request.body, id);
    const data = await ctx.db
      .transaction(async (tx) => {
        if (!(await store(request, tx).replace(id, request.body))) throw groupNotFound();
        return savedView(tx, request, id);
      })
      .catch(onUniqueViolation);
    return { message: 'groups.updated', data };
  });

  serve(app, deleteGroupCall, async (request) => {
    if (!(await store(request).remove(request.params.id))) throw groupNotFound();
    return { message: 'groups.deleted' };
  });

  // Any id that is not a group of the active website answers 404 and nothing is deleted: throwing
  // inside the transaction rolls the deletion back.
  serve(app, deleteGroupsCall, async (request) => {
    const ids = [...new Set(request.body.groups)];
    await ctx.db.transaction(async (tx) => {
      if ((await store(request, tx).removeMany(ids)) !== ids.length) throw groupNotFound();
    });
    return { message: ids.length === 1 ? 'groups.deleted' : 'groups.manyDeleted' };
  });

  // The people of the active website (get_members), newest first, `search` on member id or username:
  // the group form's members picker searches here.
  serve(app, listClientMembersCall, (request) => clientMembersStore(ctx.db, websiteId(request)).page(request.query));
}
