import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who a database call is for, so that the console is served before the public (db/priority.ts):
 * - `staff`: the console's calls (every route outside `/api/public/`), never refused, always first;
 * - `public`: what any visitor can send (the website script's calls, e-mail links: `/api/public/…`),
 *   refused with 503 and Retry-After rather than left to wait long;
 * - `background`: work no request waits for (the e-mail and push queues' passes, the pruning timers,
 *   reloads on NOTIFY, work started after answering). Below the console, and beside the public with a
 *   share of its own rather than behind it: a flood of visitors must not stop campaign e-mails, and
 *   a campaign of a hundred thousand e-mails must not answer visitors 503 while it goes out.
 */
export type TrafficClass = 'staff' | 'public' | 'background';

const currentClass = new AsyncLocalStorage<TrafficClass>();

/** The class of the work running now: set per request (plugins/traffic.ts); anything outside a request is background. */
export function trafficClass(): TrafficClass {
  return currentClass.getStore() ?? 'background';
}

/** Runs `fn`, and everything it starts, as work of class `cls`. */
export function runAs<T>(cls: TrafficClass, fn: () => T): T {
  return currentClass.run(cls, fn);
}
