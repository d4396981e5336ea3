import { PEOPLE_IDENTITIES, PEOPLE_SORTS, type PeopleSort, type TimelineEntry } from 'contracts';

type Identity = (typeof PEOPLE_IDENTITIES)[number];

/**
 * The people call's sort and identity from the list's URL state. The shared list state names its
 * sort `orderBy` (newest `createdAt` first by default); people have no creation date of their own,
 * so anything else than one of their sorts means "last seen first", as the API does by default.
 */
export function peopleQuery(state: { orderBy: string; order: 'asc' | 'desc'; filters: { identity: string } }) {
  const sort: PeopleSort = (PEOPLE_SORTS as readonly string[]).includes(state.orderBy) ? (state.orderBy as PeopleSort) : 'lastSeen';
  const identity: Identity = (PEOPLE_IDENTITIES as readonly string[]).includes(state.filters.identity) ? (state.filters.identity as Identity) : 'all';
  // `orderBy` is the console's name, not the API's: not sent.
  return { sort, order: state.order, identity, orderBy: undefined };
}

/** What a person is called on screen: their name, else their e-mail, else their external id; null for an anonymous visitor. */
export function personLabel(person: { name: string | null; email: string | null; externalId: string | null }): string | null {
  return person.name?.trim() || person.email?.trim() || person.externalId?.trim() || null;
}

/**
 * The export's file name: the person's label and the day of the export, what a file system refuses
 * (`/ \ : * ? " < > |`, control characters) turned to spaces, so it can be found among downloads.
 */
export function personExportFileName(label: string, exportedAt: string): string {
  const name = label
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${name || 'person'} ${exportedAt.slice(0, 10)}.json`;
}

/** Entries whose type has a sentence of its own, by kind; any other reads as "{{type}}". */
const SENTENCES: Record<TimelineEntry['kind'], readonly string[]> = {
  session: ['session'],
  content: ['view', 'close', 'react', 'click', 'dismiss', 'complete', 'track'],
  tour: ['view', 'step', 'complete', 'snooze', 'dismiss', 'close', 'element_missing'],
  checklist: ['view', 'task', 'complete', 'dismiss', 'close'],
  answer: ['answer'],
  comment: ['comment'],
  conversation: ['visitor', 'staff'],
  email: ['sent', 'opened', 'clicked', 'unsubscribed'],
  push: ['sent', 'shown', 'clicked'],
  progress: ['progress'],
};

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value));

/**
 * The translation key and values of one timeline entry (`people.timeline.<kind>.<type>`): what
 * happened, to which item, and the words that matter (an answer's question and answer, a comment,
 * a message, a session's page).
 */
export function timelineSentence(entry: TimelineEntry): { key: string; values: Record<string, string> } {
  const known = SENTENCES[entry.kind]?.includes(entry.type);
  const detail = entry.detail;
  const values: Record<string, string> = {
    name: entry.content?.name ?? '',
    type: entry.type,
    page: text(detail.target ?? detail.url),
    question: text(detail.question),
    answer: text(detail.answer),
    body: text(detail.body),
    task: text(detail.taskId ?? detail.task),
  };
  return { key: known ? `people.timeline.${entry.kind}.${entry.type}` : 'people.timeline.other', values };
}
