#!/usr/bin/env node
// Sign-in and list-call throughput of a RUNNING API, with autocannon at 50 connections.
//
//   API_URL=http://127.0.0.1:4000 node api/bench/auth-bench.mjs
//
// Env: API_URL (loopback only), BENCH_EMAIL / BENCH_PASSWORD (default: the seeded super-admin),
// BENCH_CONNECTIONS (50), BENCH_SECONDS (10 per scenario), BENCH_MAX_REQUESTS (bounds each run).
// Prints JSON: { login: { p95, rps, … }, list: { p95, rps, … } } with latencies in milliseconds.
// p95 is computed from every response time (autocannon's own summary has p90 and p97.5 only).
import { assertLoopback, loadTest, printFigures, scenarioSeconds, signIn } from './lib.mjs';

const apiUrl = new URL(process.env.API_URL ?? 'http://127.0.0.1:4000');
assertLoopback(apiUrl);
const email = process.env.BENCH_EMAIL ?? 'admin@signpost.local';
const password = process.env.BENCH_PASSWORD ?? 'Signpost-admin-1';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = scenarioSeconds(10);
const maxRequests = Number(process.env.BENCH_MAX_REQUESTS ?? 200_000);

/** One scenario at `connections`, named in the figures. */
async function run(name, urlPath, request) {
  const { p95, rps, p50, p99, requests, non2xx, errors, seconds } = await loadTest(new URL(urlPath, apiUrl).toString(), {
    ...request,
    connections,
    duration,
    timeout: 10,
    maxRequests,
  });
  return { p95, rps, p50, p99, requests, non2xx, errors, seconds, name };
}

let token;
try {
  token = await signIn(apiUrl, { email, password });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const login = await run('POST /api/auth/login', '/api/auth/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
});
const list = await run('GET /api/roles', '/api/roles?page=1&pageSize=10', { headers: { authorization: `Bearer ${token}` } });

printFigures({ api: apiUrl.origin, connections, login, list });
