import type { Website } from 'contracts';

/** GET /api/websites: the organisation's websites, newest first. */
export const LIST_WEBSITES_URL = '/api/websites';
export type WebsiteRow = Website & { createdAt: string };
