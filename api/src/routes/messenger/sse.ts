import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveHub } from '../../services/live-hub';
import type { LiveEventRow } from '../../stores/messenger';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 20_000;
/**
 * A stream ends after this long and its client reconnects (with its last event id): the caller's
 * session or visitor token is then checked again, so a revoked one does not keep listening.
 */
export const STREAM_LIFETIME_MS = 10 * 60_000;

/** The id a reconnecting client got last: EventSource's `Last-Event-ID` header, or `lastEventId` in the query. */
export function lastEventIdOf(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const raw = typeof header === 'string' && header ? header : typeof fromQuery === 'string' ? fromQuery : '';
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

const frame = (e: LiveEventRow) => `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.payload)}\n\n`;

/**
 * Serves one Server-Sent Events stream: what the stream missed since `lastId` (read from the
 * database), then each new event the hub hears, in id order and never twice.
 */
export async function serveStream(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: LiveHub,
  stream: {
    websiteId: string;
    visitorId: string | null;
    lastId: number;
    missed(afterId: number): Promise<LiveEventRow[]>;
    /** Whether this stream's caller may see an event (the staff's permissions); all pass when absent. */
    passes?(event: LiveEventRow): boolean;
  },
): Promise<FastifyReply> {
  // Headers already set by the hooks (CORS, security) go out with the stream's own.
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = String(v);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // Ids are handed out when rows are inserted but heard when transactions commit, so a smaller id can
  // come after a larger one: what was sent is remembered by id, not by the largest.
  const sent = new Set<number>();
  let catchingUp = true;
  const held: LiveEventRow[] = [];
  const write = (e: LiveEventRow) => {
    if (e.id <= stream.lastId || sent.has(e.id)) return;
    if (stream.passes && !stream.passes(e)) return;
    if (sent.size > 1000) sent.clear();
    sent.add(e.id);
    raw.write(frame(e));
  };
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(keepalive);
    clearTimeout(lifetime);
    raw.end();
  };
  // Subscribed before reading what was missed, so nothing falls between the two.
  const unsubscribe = hub.subscribe(stream.websiteId, stream.visitorId, {
    send: (e) => (catchingUp ? held.push(e) : write(e)),
    end: close,
  });
  const keepalive = setInterval(() => raw.write(': keepalive\n\n'), KEEPALIVE_MS);
  const lifetime = setTimeout(close, STREAM_LIFETIME_MS);
  // Neither keeps a process alive that is shutting down (the streams are ended then anyway).
  keepalive.unref();
  lifetime.unref();
  request.raw.on('close', close);
  // The client waits 2 s before reconnecting once the stream ends.
  raw.write('retry: 2000\n\n');
  try {
    if (stream.lastId > 0) for (const e of await stream.missed(stream.lastId)) write(e);
  } catch {
    close();
    return reply;
  }
  catchingUp = false;
  for (const e of held.sort((a, b) => a.id - b.id)) write(e);
  raw.write(`event: ready\ndata: {}\n\n`);
  return reply;
}
