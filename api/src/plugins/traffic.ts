import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { databaseBusy } from '../db/priority';
import { runAs, type TrafficClass } from '../lib/traffic-class';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whose call this is for the database's queue (lib/traffic-class.ts). */
    trafficClass: TrafficClass;
  }
}

/** What any visitor can call: the website script's calls and the links of e-mails. */
const PUBLIC_PREFIX = '/api/public/';

/**
 * Marks each request's work with its class, so that its database calls queue as the console's or
 * the public's (db/priority.ts), and refuses a public request with 503 and Retry-After while the
 * public already waits too long for the database: before it reads anything, so a flood of visitors
 * costs the database nothing more.
 */
export function trafficPriority(app: FastifyInstance, database: Database) {
  app.decorateRequest('trafficClass', 'staff');
  // Callback hooks: `done` runs the rest of the request inside the class's context.
  app.addHook('onRequest', (request, _reply, done) => {
    const cls: TrafficClass = (request.routeOptions.url ?? request.url).startsWith(PUBLIC_PREFIX) ? 'public' : 'staff';
    request.trafficClass = cls;
    if (cls === 'public' && database.traffic.publicOverloaded()) return done(databaseBusy(database.traffic.bounds));
    runAs(cls, done);
  });
  // The body is read in the socket's own callbacks, outside that context: the handler's part runs in it again.
  app.addHook('preValidation', (request, _reply, done) => runAs(request.trafficClass, done));
}
