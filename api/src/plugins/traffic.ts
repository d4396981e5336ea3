import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { databaseBusy } from '../db/priority';
import { runAs, type TrafficClass } from '../lib/traffic-class';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public requests being served, and waiting for their turn. */
    publicTurns: { serving(): number; waiting(): number };
  }
  interface FastifyRequest {
    /** Whose call this is for the database's queue (lib/traffic-class.ts). */
    trafficClass: TrafficClass;
  }
}

/** What any visitor can call: the website script's calls and the links of e-mails. */
const PUBLIC_PREFIX = '/api/public/';

interface Waiter {
  since: number;
  /** The client left while it waited. */
  gone: () => boolean;
  admit: () => void;
  refuse: () => void;
}

/**
 * Marks each request's work with its class, so that its database calls queue as the console's or
 * the public's (db/priority.ts), and lets the public in a few at a time (`concurrency`): the others
 * wait their turn in order, and are answered 503 with Retry-After, before they read anything, when
 * too many wait already or one waited too long, or when the public's calls wait too long for the
 * database. The console's requests never wait here.
 */
export function trafficPriority(app: FastifyInstance, database: Database) {
  let serving = 0;
  const waiting: Waiter[] = [];
  const bounds = () => database.traffic.bounds;
  const busy = () => databaseBusy(bounds());

  /** A turn ends when the answer's head is written (a stream's too: it may stay open for minutes) or the client leaves. */
  const holdTurn = (reply: FastifyReply) => {
    serving++;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      serving--;
      for (;;) {
        const next = waiting.shift();
        if (!next) return;
        if (next.gone() || performance.now() - next.since > bounds().waitMaxMs) next.refuse();
        else return next.admit();
      }
    };
    const raw = reply.raw;
    const writeHead = raw.writeHead;
    raw.writeHead = function (this: typeof raw, ...args: Parameters<typeof raw.writeHead>) {
      end();
      return writeHead.apply(this, args);
    } as typeof raw.writeHead;
    raw.once('close', end);
  };

  const overloaded = () =>
    waiting.length >= bounds().queueMax ||
    (waiting.length > 0 && performance.now() - waiting[0].since > bounds().waitMaxMs) ||
    database.traffic.publicOverloaded();

  app.decorate('publicTurns', { serving: () => serving, waiting: () => waiting.length });
  app.decorateRequest('trafficClass', 'staff');
  // Callback hooks: `done` runs the rest of the request inside the class's context.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const cls: TrafficClass = (request.routeOptions.url ?? request.url).startsWith(PUBLIC_PREFIX) ? 'public' : 'staff';
    request.trafficClass = cls;
    if (cls !== 'public') return runAs(cls, done);
    if (overloaded()) return done(busy());
    const admit = () => {
      holdTurn(reply);
      runAs(cls, done);
    };
    if (serving < bounds().concurrency) return admit();
    waiting.push({ since: performance.now(), gone: () => request.raw.destroyed || reply.raw.destroyed, admit, refuse: () => done(busy()) });
  });
  // The body is read in the socket's own callbacks, outside that context: the handler's part runs in it again.
  app.addHook('preValidation', (request, _reply, done) => runAs(request.trafficClass, done));
}
