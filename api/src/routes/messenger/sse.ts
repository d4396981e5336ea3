import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveHub, StaffSession, StreamLimits } from '../../services/live-hub';
import type { LiveEventRow } from '../../stores/messenger';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 20_000;
/** Unsent bytes past which a stream's client is taken to have stopped reading. */
const MAX_UNSENT_BYTES = 256 * 1024;

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
    /** What the stream counts against (the hub refuses it, 429 or 503, before anything is sent). */
    limits: StreamLimits;
    /** A console stream's session: the stream ends when it does. */
    session?: StaffSession;
  },
): Promise<FastifyReply> {
  // Ids are handed out when rows are inserted but heard when transactions commit, so a smaller id can
  // come after a larger one: what was sent is remembered by id, not by the largest.
  const sent = new Set<number>();
  let catchingUp = true;
  const held: LiveEventRow[] = [];
  let closed = false;
  let started = false;
  // Started once the stream is admitted (a refused one has none to stop).
  const timers: { keepalive?: ReturnType<typeof setInterval>; lifetime?: ReturnType<typeof setTimeout> } = {};
  const raw = reply.raw;
  const write = (e: LiveEventRow) => {
    if (closed || e.id <= stream.lastId || sent.has(e.id)) return;
    if (stream.passes && !stream.passes(e)) return;
    if (sent.size > 1000) sent.clear();
    sent.add(e.id);
    raw.write(frame(e));
  };
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(timers.keepalive);
    clearTimeout(timers.lifetime);
    if (started) raw.end();
  };
  // Taken before the answer starts, so a refused stream gets its status (and nothing is held for it);
  // subscribed before reading what was missed, so nothing falls between the two.
  const unsubscribe = hub.subscribe(
    stream.websiteId,
    stream.visitorId,
    { send: (e) => (catchingUp ? held.push(e) : write(e)), end: close },
    { limits: stream.limits, session: stream.session },
  );
  // Headers already set by the hooks (CORS, security) go out with the stream's own.
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = String(v);
  reply.hijack();
  started = true;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // A client that stopped reading (its writes pile up unsent) gives its slot back, as one that left.
  timers.keepalive = setInterval(() => (raw.writableLength > MAX_UNSENT_BYTES ? close() : raw.write(': keepalive\n\n')), KEEPALIVE_MS);
  // After its lifetime the client reconnects (with its last event id): the visitor token or session is
  // then checked again, and a stream nobody reads gives its slot back at the latest then.
  timers.lifetime = setTimeout(close, hub.options.streamLifetimeMs);
  // Neither keeps a process alive that is shutting down (the streams are ended then anyway).
  timers.keepalive.unref();
  timers.lifetime.unref();
  request.raw.on('close', close);
  raw.on('close', close);
  raw.on('error', close);
  // A client gone while the stream was being admitted sent its 'close' before anyone listened.
  if (raw.destroyed || request.raw.socket?.destroyed) close();
  // The client waits 2 s before reconnecting once the stream ends.
  if (!closed) raw.write('retry: 2000\n\n');
  try {
    if (stream.lastId > 0) for (const e of await stream.missed(stream.lastId)) write(e);
  } catch {
    close();
    return reply;
  }
  catchingUp = false;
  for (const e of held.sort((a, b) => a.id - b.id)) write(e);
  if (!closed) raw.write(`event: ready\ndata: {}\n\n`);
  return reply;
}
