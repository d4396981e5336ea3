/**
 * What the website script shares with the API without zod (the script must stay small, so it imports
 * only this file, never the package's index): the paths of its calls and the snippet a customer pastes.
 * `website-script.ts` defines the calls themselves with these paths.
 */
export const SCRIPT_PATHS = {
  content: '/api/public/:websiteKey/content',
  identify: '/api/public/:websiteKey/identify',
  events: '/api/public/:websiteKey/events',
  progress: '/api/public/:websiteKey/progress',
  debug: '/api/public/:websiteKey/debug',
  installCheck: '/api/public/install-check',
} as const;

/** Web Push's public paths: the website's VAPID key, a visitor's subscription, the service worker's reports. */
export const WEB_PUSH_PATHS = {
  key: '/api/public/:websiteKey/push/key',
  subscribe: '/api/public/:websiteKey/push/subscriptions',
  report: '/api/public/push/:token/:what',
} as const;

/** The service worker the customer hosts at their origin's root (a service worker controls only its own folder and below). */
export const SERVICE_WORKER_FILE = 'signpost-sw.js';

/** The messenger's public paths (its chunk imports them from here, without zod). */
export const MESSENGER_PATHS = {
  state: '/api/public/:websiteKey/messenger',
  messages: '/api/public/:websiteKey/messenger/messages',
  read: '/api/public/:websiteKey/messenger/conversations/:id/read',
  live: '/api/public/:websiteKey/messenger/live',
} as const;

/** The event names of the live streams (the SSE `event:` field). */
export const LIVE_EVENTS = { message: 'message', notification: 'notification', read: 'read' } as const;

/** The global the snippet defines on the customer's page; the script replays what it queued. */
export const SCRIPT_GLOBAL = 'signpost';

export interface SnippetOptions {
  /** Where the script's loader is served (`WEBSITE_SCRIPT_URL`). */
  scriptUrl: string;
  /** The website's public key. */
  websiteKey: string;
  /** The API's public base URL (no trailing slash). */
  apiUrl: string;
}

/**
 * The snippet of the installation guide: a few hundred bytes, inline, defining `window.signpost` as a
 * queue (calls made before the script arrives are kept: `q`), with the key (`k`) and the API (`a`),
 * then loading the script asynchronously. Pasting it twice is harmless (the second does nothing).
 */
export function buildInstallSnippet({ scriptUrl, websiteKey, apiUrl }: SnippetOptions): string {
  const args = [scriptUrl, websiteKey, apiUrl.replace(/\/+$/, '')].map((v) => JSON.stringify(v).replace(/</g, '\\u003c')).join(',');
  return (
    '<script>' +
    `!function(w,d,u,k,a){if(w.${SCRIPT_GLOBAL})return;var s=w.${SCRIPT_GLOBAL}=function(){s.q.push(arguments)};` +
    's.q=[];s.k=k;s.a=a;var e=d.createElement("script");e.async=!0;e.src=u;d.head.appendChild(e)}' +
    `(window,document,${args});` +
    '</script>'
  );
}

/** Page rules (plain code, no zod): the script matches a tour's pages and a checklist task's page with the API's own rules. */
export { pageRuleMatches, parsePageRule } from './page-rule';
/** The text colour on an author's colour, as the console's previews and the server choose it. */
export { textOnColor } from './color';

/**
 * The on-page tour builder: the fragment the console opens the customer's page with
 * (`#signpost-builder=<one-time token>`), and the builder's calls (public, like the script's).
 */
export const BUILDER_FRAGMENT = 'signpost-builder';
export const BUILDER_PATHS = {
  session: '/api/public/:websiteKey/builder/session',
  tour: '/api/public/:websiteKey/builder/tour',
  steps: '/api/public/:websiteKey/builder/steps',
} as const;
/** Where the script keeps the builder session (sessionStorage: it survives the author's navigation in the tab, not the tab). */
export const BUILDER_SESSION_KEY = 'signpost:builder';
