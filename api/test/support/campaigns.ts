import type { BannerBody, ChecklistBody, EmailBody, PopupBody, PushNotificationBody, TourBody } from 'contracts';
import { randomId, type TestApp, type TestUser } from './test-app';

/**
 * Builders for campaign content (popups, banners, push notifications) shared by their suites and
 * authorization-matrix areas: valid bodies, and items stored straight in the database (so a test of
 * one call does not depend on another call working).
 */
export function popupBody(overrides: Partial<PopupBody> = {}): PopupBody {
  return {
    titleOfPopup: { label: `Popup ${randomId().slice(0, 8)}` },
    content: [{ id: 'p1', content: [{ id: 'b1', kind: 'text', text: 'Hello' }] }],
    ...overrides,
  };
}

export function bannerBody(overrides: Partial<BannerBody> = {}): BannerBody {
  return { titleOfBanner: `Banner ${randomId().slice(0, 8)}`, content: 'Spring sale', ...overrides };
}

export function pushBody(overrides: Partial<PushNotificationBody> = {}): PushNotificationBody {
  return { push_notification_title: `Push ${randomId().slice(0, 8)}`, title: 'New feature', body: 'Try it now', ...overrides };
}

/** A tour that can be published: a title and two steps (one on an element, one centred on another page). */
export function tourBody(overrides: Partial<TourBody> = {}): TourBody {
  return {
    title: `Tour ${randomId().slice(0, 8)}`,
    steps: [
      { title: 'Welcome', content: 'This is the menu', target: { selector: '#menu' } },
      { title: 'Pricing', content: 'Our plans', url: '/pricing' },
    ],
    ...overrides,
  };
}

export function emailBody(overrides: Partial<EmailBody> = {}): EmailBody {
  return {
    subject: `E-mail ${randomId().slice(0, 8)}`,
    content: [
      { id: 'b1', kind: 'text', text: 'Hello {{firstName|there}}' },
      { id: 'b2', kind: 'button', label: 'Open', url: 'https://app.example.test/' },
    ],
    ...overrides,
  };
}

/** A checklist with three tasks: ticked by hand, a page visited, an event tracked. */
export function checklistBody(overrides: Partial<ChecklistBody> = {}): ChecklistBody {
  return {
    title: `Checklist ${randomId().slice(0, 8)}`,
    tasks: [
      { title: 'Say hello' },
      { title: 'See our plans', completion: { type: 'page', url: '/pricing' }, action: { type: 'url', url: '/pricing' } },
      { title: 'Sign up', completion: { type: 'event', name: 'signed-up' } },
    ],
    ...overrides,
  };
}

type Kind = 'popup' | 'banner' | 'push' | 'tour' | 'checklist' | 'email';

/** Stores an item of `kind` for `u`'s website (as `u`), through the same store the routes use. */
export async function contentOf(t: TestApp, u: Pick<TestUser, 'websiteId' | 'id'>, kind: Kind, body?: object): Promise<string> {
  const { KIND_RULES } = await import('../../src/services/campaign-kinds');
  const { insertCampaign } = await import('../../src/stores/campaigns');
  // An e-mail stored live, as the other kinds are created (so it has a first version to restore).
  const raw =
    body ??
    { popup: popupBody, banner: bannerBody, push: pushBody, tour: tourBody, checklist: checklistBody, email: () => ({ ...emailBody(), status: 'public' }) }[
      kind
    ]();
  const insert = <K extends Kind>(k: K) => {
    const rules = KIND_RULES[k];
    // Stored as the routes store it: a tour's steps get their server-made ids; live unless the body says.
    const doc = rules.prepare ? rules.prepare(rules.schema.parse({ status: 'public', ...stepsWithoutIds(raw) }), []) : rules.schema.parse(raw);
    return insertCampaign(t.ctx.db, rules, u.websiteId, u.id, doc);
  };
  return insert(kind);
}

/** A body's steps (a tour's) or tasks (a checklist's) with placeholder ids the server replaces, so the saved document's schema reads it. */
function stepsWithoutIds(raw: object): object {
  const { steps, tasks } = raw as { steps?: object[]; tasks?: object[] };
  const withIds = (list: object[]) => list.map((s, i) => ({ id: `new-${i}`, ...s }));
  return { ...raw, ...(steps ? { steps: withIds(steps) } : {}), ...(tasks ? { tasks: withIds(tasks) } : {}) };
}

/** Form answers of a popup, inserted straight in the table (the public events call is tested on its own). */
export async function answersOf(t: TestApp, popupId: string, count = 2): Promise<void> {
  const { formAnswers } = await import('../../src/db/schema');
  await t.ctx.db
    .insert(formAnswers)
    .values(
      Array.from({ length: count }, (_, i) => ({ contentId: popupId, visitorId: `v-${i}`, blockId: 'q1', question: 'Your name?', answer: `Answer ${i}` })),
    );
}
