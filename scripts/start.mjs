#!/usr/bin/env node
// `pnpm start`: the one command a newcomer runs after `pnpm install`. Builds what is missing or
// older than its sources, starts the API on its embedded database and waits until it is healthy,
// serves the host and the four remotes as a deployment would, plus the website script and a demo
// customer site that loads it, and prints where everything is.
//
//   pnpm start                      build if needed, run everything
//   pnpm start --build              rebuild everything first
//   pnpm start --no-build           run what is already built
//   pnpm start --only=api,host,remote-settings
//   pnpm start --no-demo-traffic    do not play demo visitor traffic (see below)
//   pnpm start --demo-traffic       play more demo traffic even if the demo website has some
//   pnpm start --processes=3        3 API processes sharing port 4000 (Node's cluster module) on one
//                                   PostgreSQL: DATABASE_URL, else a throwaway cluster (deleted at stop)
//
// Env: SIGNPOST_DATA_DIR (→ the API's DATA_DIR, default .data/api), plus everything the API reads
// (DATABASE_URL, SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD, SMTP_URL, ...) and scripts/runtime-config.mjs
// reads (SIGNPOST_API_URL, SIGNPOST_REMOTE_*_URL, OIDC_*). LOG_LEVEL=info shows the API's request
// log (default: warnings only). Ctrl+C or SIGTERM stops everything.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt } from './lib/build.mjs';
import { startProduct, parseApps, DEFAULT_DATA_DIR, REMOTE_APP_NAMES } from './lib/product.mjs';
import { ROOT } from './lib/proc.mjs';

const { values } = parseArgs({
  options: {
    build: { type: 'boolean' },
    'no-build': { type: 'boolean' },
    only: { type: 'string' },
    'demo-traffic': { type: 'boolean' },
    'no-demo-traffic': { type: 'boolean' },
    processes: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('usage: pnpm start [--build | --no-build] [--only=api,host,remote-campaigns,...] [--no-demo-traffic | --demo-traffic] [--processes=N]');
  process.exit(0);
}

const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const fail = (message) => {
  console.error(`\npnpm start: ${message}`);
  process.exit(1);
};

let apps;
try {
  apps = parseApps(values.only);
} catch (err) {
  fail(err.message);
}

const processes = Number(values.processes ?? process.env.API_PROCESSES ?? 1);
if (!Number.isInteger(processes) || processes < 1) fail(`--processes must be a whole number from 1 (got ${values.processes})`);

const dataDir = path.resolve(process.env.SIGNPOST_DATA_DIR || process.env.DATA_DIR || DEFAULT_DATA_DIR);

if (!values['no-build']) {
  try {
    await ensureBuilt(apps, { force: Boolean(values.build), log: (l) => console.log(`» ${l}`) });
  } catch (err) {
    fail(err.message);
  }
}

// Several API processes need one PostgreSQL server (PGlite is one process's database): DATABASE_URL,
// or else a throwaway cluster on this machine, as the tests and benches use, deleted at stop.
let throwawayPg = null;
let databaseUrl = process.env.DATABASE_URL || '';
if (processes > 1 && !databaseUrl && apps.includes('api')) {
  const { getThrowawayPostgres } = await import('./lib/pg-throwaway.mjs');
  const { pg, reason } = await getThrowawayPostgres();
  if (!pg) fail(`--processes=${processes} needs PostgreSQL: set DATABASE_URL (${reason})`);
  throwawayPg = pg;
  databaseUrl = pg.url;
  console.log(`» PostgreSQL: a throwaway cluster on ${pg.url} (its data is deleted at stop; set DATABASE_URL to keep it)`);
}

console.log('» starting…');
let product;
let stopping = false;
// Registered before start-up so Ctrl+C during a slow first start (PGlite initdb, seeding) still
// stops the API child instead of leaving it behind.
const shutdown = async (signal) => {
  if (stopping) {
    console.log('\nforced exit');
    process.exit(130);
  }
  stopping = true;
  console.log(`\n» ${signal}: stopping…`);
  await product?.stop();
  await throwawayPg?.stop();
  console.log('» stopped');
  process.exit(0);
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

try {
  // The API's per-request log is noise in a newcomer's terminal: warnings and errors only, unless
  // LOG_LEVEL says otherwise (LOG_LEVEL=info pnpm start).
  const env = { DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL || 'warn', API_PROCESSES: String(processes) };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  product = await startProduct({ dataDir, apps, env });
} catch (err) {
  await throwawayPg?.stop();
  fail(err.message);
}
if (stopping) await new Promise(() => {}); // shutdown() is already under way

const u = product.urls;
const email = process.env.SEED_ADMIN_EMAIL || 'admin@signpost.local';
const password = process.env.SEED_ADMIN_PASSWORD || 'Signpost-admin-1';
const rel = (p) => (p.startsWith(ROOT) ? path.relative(ROOT, p) || '.' : p);
const on = (name) => apps.includes(name);
const line = '─'.repeat(64);
const rows = [
  '',
  line,
  bold('  Signpost is running'),
  line,
  on('host') && `  Console        ${bold(u.host)}`,
  on('api') && `  API            ${u.api}   (docs ${u.api}/api/docs)${processes > 1 ? `, ${processes} processes` : ''}`,
  ...REMOTE_APP_NAMES.map((n) => on(n) && `  ${n.padEnd(25)}${u[n]}/mf-manifest.json`),
  on('website-script') &&
    `  Website script ${product.running().includes('website-script') ? `${u['website-script']}/signpost.js` : 'not served (not built: see above)'}`,
  on('demo-site') && `  Demo site      ${bold(u['demo-site'])}   (a customer's site with the script installed; ?lang=ar for Arabic)`,
  '',
  on('api') && `  Sign in with   ${bold(email)} / ${bold(password)}`,
  on('api') &&
    `  Database       ${throwawayPg ? `PostgreSQL, throwaway (${throwawayPg.url})` : databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${rel(path.join(dataDir, 'pglite'))}`}`,
  on('api') && `  Mail           ${process.env.SMTP_URL ? 'sent through SMTP_URL' : `written to the outbox ${rel(path.join(dataDir, 'outbox'))}/`}`,
  '',
  '  Stop with Ctrl+C (or SIGTERM): everything stops together.',
  line,
  '',
].filter((r) => r !== false);
console.log(rows.join('\n'));

// A newcomer's dashboard should have something to show: while the demo website has had no visitor in
// 120 days (a fresh data folder), play 30 days of demo traffic through the public ingestion call
// (scripts/demo-traffic.mjs, also `pnpm demo:traffic`). In the background: the console is usable at once.
if (on('api') && !values['no-demo-traffic']) {
  const { playDemoTraffic } = await import('./demo-traffic.mjs');
  playDemoTraffic({ api: u.api, email, password, ifEmpty: !values['demo-traffic'], log: (l) => console.log(`» demo traffic: ${l}`) })
    .then((r) =>
      console.log(
        r.skipped
          ? '» demo traffic: the demo website already has visitors, none added'
          : `» demo traffic: ${r.accepted} visitor events played for ${r.website}; the dashboard shows them`,
      ),
    )
    .catch((err) => console.log(`» demo traffic not played: ${err.message}`));
}

// Keep running; an API that dies on its own is reported, and the rest keeps serving.
