#!/usr/bin/env node
// Sign-in and list-call throughput of a RUNNING API, with autocannon at 50 connections.
//
//   API_URL=http://127.0.0.1:4000 node api/bench/auth-bench.mjs
//
// Env: API_URL (loopback only), BENCH_EMAIL / BENCH_PASSWORD (default: the seeded super-admin),
// BENCH_CONNECTIONS (50), BENCH_SECONDS (10 per scenario), BENCH_MAX_REQUESTS (bounds each run).
// Prints JSON: { login: { p95, rps, … }, list: { p95, rps, … } } with latencies in milliseconds.
// p95 is computed from every response time (autocannon's own summary has p90 and p97.5 only).
import autocannon from 'autocannon';

const apiUrl = new URL(process.env.API_URL ?? 'http://127.0.0.1:4000');
if (!['127.0.0.1', 'localhost', '[::1]'].includes(apiUrl.hostname)) {
  console.error(`refusing to load-test a non-loopback host: ${apiUrl.hostname}`);
  process.exit(2);
}
const email = process.env.BENCH_EMAIL ?? 'admin@signpost.local';
const password = process.env.BENCH_PASSWORD ?? 'Signpost-admin-1';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 60);
const maxRequests = Number(process.env.BENCH_MAX_REQUESTS ?? 200_000);

function percentile(sorted, p) {
  if (!sorted.length) return null;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 100) / 100;
}

async function run(name, options) {
  const times = [];
  const instance = autocannon({
    url: new URL(options.path, apiUrl).toString(),
    connections,
    // autocannon's `amount` would override `duration`; the count bound is enforced below instead.
    duration,
    timeout: 10,
    ...options,
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    times.push(responseTime);
    if (times.length === maxRequests) instance.stop();
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const ok = result['2xx'];
  return {
    p95: percentile(times, 95),
    rps: Math.round((ok / (result.duration || duration)) * 10) / 10,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
    name,
  };
}

const loginBody = JSON.stringify({ email, password });
const first = await fetch(new URL('/api/auth/login', apiUrl), {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: loginBody,
});
if (!first.ok) {
  console.error(`sign-in failed (${first.status}): ${await first.text()}`);
  process.exit(1);
}
const token = (await first.json()).data.access_token;

const login = await run('POST /api/auth/login', {
  path: '/api/auth/login',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: loginBody,
});
const list = await run('GET /api/roles', {
  path: '/api/roles?page=1&pageSize=10',
  headers: { authorization: `Bearer ${token}` },
});

// One line: `pnpm bench` reads the last line as JSON.
console.log(JSON.stringify({ api: apiUrl.origin, connections, login, list }));
