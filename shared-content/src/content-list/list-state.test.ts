import {
  bannerKind,
  checklistKind,
  emailKind,
  listBannersCall,
  listChecklistsCall,
  listEmailsCall,
  listPopupsCall,
  listPushNotificationsCall,
  listToursCall,
  pageQuerySchema,
  popupKind,
  pushKind,
  tourKind,
} from 'contracts';
import { contentListCalls } from './list-calls';
import { listFiltersOf, type ValueFilters } from './list-state';
import { PRIORITY_FILTER, STATUS_FILTER } from './use-owner-filters';

describe('listFiltersOf', () => {
  it("is the list call's query parameters beyond paging and sort", () => {
    expect(listFiltersOf(listChecklistsCall).sort()).toEqual(['author', 'sender', 'status', 'tag', 'title', 'workSpace']);
    expect(listFiltersOf(listBannersCall)).toEqual(expect.arrayContaining(['titleOfBanner', 'style', 'position', 'priority', 'status', 'workSpace']));
    // The same as each kind's descriptor lists (read from the same schema in contracts).
    const lists: string[][] = [
      listFiltersOf(listPopupsCall),
      listFiltersOf(listBannersCall),
      listFiltersOf(listPushNotificationsCall),
      listFiltersOf(listToursCall),
      listFiltersOf(listChecklistsCall),
      listFiltersOf(listEmailsCall),
    ];
    expect(lists).toEqual([
      popupKind.listFilters,
      bannerKind.listFilters,
      pushKind.listFilters,
      tourKind.listFilters,
      checklistKind.listFilters,
      emailKind.listFilters,
    ]);
    for (const filters of lists) for (const paging of Object.keys(pageQuerySchema.shape)) expect(filters).not.toContain(paging);
  });

  it('types a value filter by what the call accepts', () => {
    const accepted: ValueFilters<typeof listBannersCall> = [STATUS_FILTER, PRIORITY_FILTER];
    // @ts-expect-error: the push-notification list call takes no priority filter.
    const refused: ValueFilters<typeof listPushNotificationsCall> = [STATUS_FILTER, PRIORITY_FILTER];
    expect([accepted.length, refused.length]).toEqual([2, 2]);
  });
});

describe('contentListCalls', () => {
  const mutation = (name: string, sent: unknown[][]) => ({ mutateAsync: async (variables: unknown) => void sent.push([name, variables]) });

  it('sends duplicate, cancel and delete by id, and the bulk delete under the kind list name', async () => {
    const sent: unknown[][] = [];
    const calls = contentListCalls(
      { deleteField: 'banners' },
      { duplicate: mutation('duplicate', sent), cancel: mutation('cancel', sent), remove: mutation('remove', sent), removeMany: mutation('removeMany', sent) },
    );
    await calls.duplicate('a');
    await calls.cancel('b');
    await calls.remove('c');
    await calls.removeMany(['d', 'e']);
    expect(sent).toEqual([
      ['duplicate', { params: { id: 'a' } }],
      ['cancel', { params: { id: 'b' } }],
      ['remove', { params: { id: 'c' } }],
      ['removeMany', { body: { banners: ['d', 'e'] } }],
    ]);
  });

  it('deletes a row as a list of one when the kind has no delete by id', async () => {
    const sent: unknown[][] = [];
    const calls = contentListCalls(
      { deleteField: 'notifications' },
      { duplicate: mutation('duplicate', sent), cancel: mutation('cancel', sent), removeMany: mutation('removeMany', sent) },
    );
    await calls.remove('n1');
    expect(sent).toEqual([['removeMany', { body: { notifications: ['n1'] } }]]);
  });
});
