import type { TimelineEntry } from 'contracts';
import en from '../../locales/en/settings.json';
import { peopleQuery, personExportFileName, personLabel, timelineSentence } from './people-list';

const state = (orderBy: string, identity = '', order: 'asc' | 'desc' = 'desc') => ({ orderBy, order, filters: { identity } });

test('the list asks the API by its own sort names, last seen first unless the URL names one of them', () => {
  expect(peopleQuery(state('createdAt'))).toMatchObject({ sort: 'lastSeen', order: 'desc', identity: 'all' });
  expect(peopleQuery(state('email', 'anonymous', 'asc'))).toMatchObject({ sort: 'email', order: 'asc', identity: 'anonymous' });
  // A hand-edited URL never reaches the API as a 400.
  expect(peopleQuery(state('drop table', 'robots'))).toMatchObject({ sort: 'lastSeen', identity: 'all' });
  // The console's own sort name is not sent to the API.
  expect(peopleQuery(state('name'))).toHaveProperty('orderBy', undefined);
});

test('a person is called by their name, else e-mail, else external id; an anonymous visitor by nothing', () => {
  expect(personLabel({ name: 'Amina Haddad', email: 'amina@example.test', externalId: 'u-1' })).toBe('Amina Haddad');
  expect(personLabel({ name: '  ', email: 'amina@example.test', externalId: 'u-1' })).toBe('amina@example.test');
  expect(personLabel({ name: null, email: null, externalId: 'u-1' })).toBe('u-1');
  expect(personLabel({ name: null, email: null, externalId: null })).toBeNull();
});

test('the export is a JSON file named after the person and the day, without what a file system refuses', () => {
  expect(personExportFileName('amina@example.test', '2026-11-29T18:00:00.000Z')).toBe('amina@example.test 2026-11-29.json');
  expect(personExportFileName('a/b:c*?"<>|d', '2026-11-29T18:00:00.000Z')).toBe('a b c d 2026-11-29.json');
  expect(personExportFileName('', '2026-11-29T18:00:00.000Z')).toBe('person 2026-11-29.json');
});

const entry = (e: Partial<TimelineEntry> & Pick<TimelineEntry, 'kind' | 'type'>): TimelineEntry => ({
  at: '2026-11-29T18:00:00.000Z',
  content: { _id: 'c1', kind: 'popup', name: 'Welcome survey' },
  detail: {},
  ...e,
});

const lookup = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

test('each timeline entry reads as its own sentence: an answer with its question and words, a completed checklist by name', () => {
  const answered = timelineSentence(entry({ kind: 'answer', type: 'answer', detail: { question: 'How did you hear of us?', answer: 'A friend' } }));
  expect(answered).toEqual({
    key: 'people.timeline.answer.answer',
    values: expect.objectContaining({ name: 'Welcome survey', question: 'How did you hear of us?', answer: 'A friend' }),
  });
  const completed = timelineSentence(entry({ kind: 'checklist', type: 'complete', content: { _id: 'k1', kind: 'checklist', name: 'Get started' } }));
  expect(completed).toEqual({ key: 'people.timeline.checklist.complete', values: expect.objectContaining({ name: 'Get started' }) });
  expect(timelineSentence(entry({ kind: 'session', type: 'session', content: null, detail: { target: 'https://shop.test/' } })).values.page).toBe(
    'https://shop.test/',
  );
  // A type the console does not know yet still reads (by its name), never as a missing key.
  expect(timelineSentence(entry({ kind: 'content', type: 'teleport' })).key).toBe('people.timeline.other');
});

test('every sentence the timeline can pick exists in the texts', () => {
  const kinds = ['session', 'content', 'tour', 'checklist', 'answer', 'comment', 'conversation', 'email', 'push', 'progress'] as const;
  const types = [
    'session',
    'view',
    'close',
    'react',
    'click',
    'step',
    'complete',
    'snooze',
    'dismiss',
    'element_missing',
    'task',
    'track',
    'answer',
    'comment',
    'visitor',
    'staff',
    'sent',
    'opened',
    'clicked',
    'unsubscribed',
    'shown',
    'progress',
  ];
  for (const kind of kinds) for (const type of types) expect(typeof lookup(timelineSentence(entry({ kind, type })).key)).toBe('string');
});
