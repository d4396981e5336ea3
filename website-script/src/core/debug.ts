/**
 * What `signpost('debug')` prints, loaded only when a page asks for it (every visitor downloads the
 * core; few ever debug). The server words each item and each check in the page's language (the
 * console's "Why not shown?"); this prints them, one sentence per item, its checks beneath.
 */

/** The debug call's answer, as the console prints it. */
export interface DebugAnswer {
  visitorId: string;
  items: { id: string; kind: string; title: string; summary: string; wouldShow: boolean; steps: { check: string; ok: boolean; message: string }[] }[];
}

export function printDebug(answer: DebugAnswer, href: string): void {
  console.info(`[signpost] debug: ${answer.items.length} live item(s) for visitor ${answer.visitorId} on ${href}`);
  for (const item of answer.items) {
    // The id last: the title is what an author knows the item by, the id what the API knows it by.
    console.info(`[signpost] ${item.summary} (${item.kind} ${item.id})`);
    for (const step of item.steps) console.info(`  ${step.ok ? 'OK' : 'NO'} ${step.message}`);
  }
}
