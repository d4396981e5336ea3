#!/usr/bin/env node
// `pnpm dev`: every app with hot reload, in parallel, one prefixed log. The API runs under
// `tsx watch` (`pnpm --filter api dev`), every browser app under `rspack serve` on its usual port
// (`pnpm --filter <app> dev`), so the URLs are those of `pnpm start`. Ctrl+C stops them all.
//
//   pnpm dev                         everything
//   pnpm dev --only=api,host,remote-settings
//
// Env: SIGNPOST_DATA_DIR (→ DATA_DIR of the API). To work on one remote alone, run
// `pnpm --filter remote-<name> dev`: it runs standalone inside the same providers.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APP_NAMES, DEFAULT_DATA_DIR, EXTRA_APPS, parseApps } from './lib/product.mjs';
import { spawnPrefixed, killTree } from './lib/proc.mjs';

/** The website script and the demo site have no dev server: `pnpm start` serves them. */
const DEV_APPS = APP_NAMES.filter((a) => !EXTRA_APPS.some((e) => e.name === a));

const { values } = parseArgs({ options: { only: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(`usage: pnpm dev [--only=${DEV_APPS.join(',')}]`);
  process.exit(0);
}

let apps;
try {
  apps = parseApps(values.only).filter((a) => DEV_APPS.includes(a));
} catch (err) {
  console.error(`pnpm dev: ${err.message}`);
  process.exit(1);
}

const dataDir = path.resolve(process.env.SIGNPOST_DATA_DIR || process.env.DATA_DIR || DEFAULT_DATA_DIR);
const env = { ...process.env, DATA_DIR: dataDir, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' };
const width = Math.max(...apps.map((a) => a.length));

// Each child is its own process group (spawnPrefixed: detached), so stopping one stops pnpm and the
// rspack / tsx process under it, and a Ctrl+C is handled once, here, rather than racing in every child.
const children = apps.map((app) => ({ app, child: spawnPrefixed(app, 'pnpm', ['--filter', app, 'dev'], { env, width }) }));

console.log(
  [
    '',
    `pnpm dev: ${apps.join(', ')}`,
    apps.includes('host') ? '  console  http://localhost:3000' : null,
    apps.includes('api') ? '  API      http://localhost:4000 (docs /api/docs)' : null,
    '  Ctrl+C stops everything.',
    '',
  ]
    .filter((l) => l !== null)
    .join('\n'),
);

let stopping = false;
async function stopAll(reason, code) {
  if (stopping) return;
  stopping = true;
  console.log(`\npnpm dev: ${reason}: stopping ${apps.join(', ')}…`);
  for (const { child } of children) child.mute();
  await Promise.all(children.map(({ child }) => killTree(child, 5000)));
  console.log('pnpm dev: stopped');
  process.exit(code);
}
process.on('SIGINT', () => (stopping ? process.exit(130) : stopAll('SIGINT', 0)));
process.on('SIGTERM', () => stopAll('SIGTERM', 0));

// A dev server that dies (port taken, config error) is reported; the others keep running, since
// they are still useful on their own (e.g. a remote's standalone page).
for (const { app, child } of children) {
  child.exited.then((code) => {
    if (stopping) return;
    console.error(`pnpm dev: ${app} exited with code ${code}`);
    if (children.every(({ child: c }) => c.exitCode !== null || c.signalCode !== null)) stopAll('every app exited', 1);
  });
}
