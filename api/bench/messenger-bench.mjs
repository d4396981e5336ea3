#!/usr/bin/env node
// The messenger's live delivery: the time from a staff answer (POST /api/conversations/{id}/messages)
// to its arrival on the visitor's open stream (GET /api/public/{key}/messenger/live, Server-Sent
// Events), through the database's NOTIFY, on PGlite and on PostgreSQL. The target: ≤ 500 ms.
//
//   node api/bench/messenger-bench.mjs            # both databases (PostgreSQL skipped when not installed)
//   node api/bench/messenger-bench.mjs --db=pglite
//
// Like the other benches it starts the BUILT API on a throwaway database. A visitor of the admin's
// website (its public key) gets a token from the content call, writes once, and holds the stream
// open; the admin answers BENCH_ANSWERS times (20), one after the other, each timed from just before
// the call to the moment its event is read from the stream. Env: BENCH_ANSWERS, BENCH_PORT (14060;
// PostgreSQL's API on the next port). Prints JSON on its last line: { answers, pglite: { p50, p95,
// max }, postgres: … }.
import { parseArgs } from 'node:util';
import { SEEDED_ADMIN, adminWebsite, benchLog, onPglite, onPostgres, percentile, printFigures } from './lib.mjs';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 14060);
const log = benchLog('messenger-bench');

async function seed(query) {
  const { websiteId } = await adminWebsite(query, SEEDED_ADMIN.email);
  const { rows } = await query('select public_key, domain from websites where id = $1', [websiteId]);
  return { websiteId, key: rows[0].public_key };
}

async function json(res) {
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function measure(apiUrl, { websiteId, key }) {
  const api = (path) => new URL(path, apiUrl).toString();
  const login = await json(
    await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SEEDED_ADMIN) }),
  );
  const staff = { authorization: `Bearer ${login.data.access_token}`, activewebsite: websiteId, 'content-type': 'application/json' };
  const visitorId = `bench-visitor-${Date.now()}`;
  const { token } = await json(await fetch(api(`/api/public/${key}/content?visitorId=${visitorId}&url=${encodeURIComponent('http://bench.test/')}`)));
  const { conversation } = await json(
    await fetch(api(`/api/public/${key}/messenger/messages`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ token, body: 'Hello from the bench' }),
    }),
  );

  // The visitor's open window: its stream, read as it comes.
  const abort = new AbortController();
  const stream = await fetch(api(`/api/public/${key}/messenger/live?token=${encodeURIComponent(token)}`), { signal: abort.signal });
  const reader = stream.body.getReader();
  const decoder = new TextDecoder();
  const waiting = new Map();
  let ready;
  const isReady = new Promise((resolve) => (ready = resolve));
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: ready')) ready();
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (!block.includes('event: message') || !data) continue;
          const event = JSON.parse(data.slice(6));
          waiting.get(event.body)?.(performance.now());
        }
      }
    } catch {
      // aborted
    }
  })();
  await isReady;

  const times = [];
  for (let i = 0; i < ANSWERS; i++) {
    const body = `Answer ${i} ${Math.random()}`;
    const arrived = new Promise((resolve) => waiting.set(body, resolve));
    const start = performance.now();
    await json(await fetch(api(`/api/conversations/${conversation._id}/messages`), { method: 'POST', headers: staff, body: JSON.stringify({ body }) }));
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`answer ${i} never reached the stream`)), 5000));
    times.push((await Promise.race([arrived, timeout])) - start);
  }
  abort.abort();
  times.sort((a, b) => a - b);
  const figures = { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
  log(`staff answer → visitor's stream: p50 ${figures.p50} ms, p95 ${figures.p95} ms, max ${Math.round(figures.max)} ms`);
  return figures;
}

const common = { port: PORT, seed, log, measure };
const result = { answers: ANSWERS };
if (!values.db || values.db === 'pglite') result.pglite = await onPglite({ ...common, prefix: 'signpost-messenger-bench-' });
if (!values.db || values.db === 'postgres') result.postgres = await onPostgres({ ...common, port: PORT + 1, prefix: 'signpost-messenger-bench-pg-' });
printFigures(result);
process.exit(0);
