/**
 * The messenger's public paths and live event names, without zod: the website script's messenger
 * chunk imports only this file (it must stay small).
 */
export const MESSENGER_PATHS = {
  state: '/api/public/:websiteKey/messenger',
  messages: '/api/public/:websiteKey/messenger/messages',
  read: '/api/public/:websiteKey/messenger/conversations/:id/read',
  live: '/api/public/:websiteKey/messenger/live',
} as const;

/** The event names of the live streams (the SSE `event:` field). */
export const LIVE_EVENTS = { message: 'message', notification: 'notification', read: 'read' } as const;
