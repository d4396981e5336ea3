// "Build what is not built yet or is older than its sources" for `pnpm start` and `pnpm bench`.
// An app is stale when its build output (the file the server needs) is missing, or when any source
// file of the app or of a workspace package it bundles is newer than that output.
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compressDist } from '../compress-dist.mjs';
import { ROOT, run } from './proc.mjs';
import { REMOTES } from '../../tooling/remotes.mjs';

// tooling/rspack holds the one build configuration and page template of every browser app.
const BROWSER_DEPS = ['contracts', 'shared-auth', 'shared-data', 'shared-content', 'shared-i18n', 'shared-ui', 'tooling/rspack', 'tooling/remotes.mjs'];

/** What each app builds, what its servers need from that build, and what it is built from. */
export const BUILDS = {
  api: { output: 'api/dist/main.js', sources: ['api', 'contracts'] },
  host: { output: 'host/dist/index.html', sources: ['host', ...BROWSER_DEPS] },
  ...Object.fromEntries(REMOTES.map((r) => [r.app, { output: `${r.app}/dist/mf-manifest.json`, sources: [r.app, ...BROWSER_DEPS] }])),
  // The script customers' pages load; it bundles only contracts' zod-free script file.
  'website-script': { output: 'website-script/dist/signpost.js', sources: ['website-script', 'contracts'] },
  // Plain files, nothing to build: its pages are written at start with the API's install snippet (lib/demo-site.mjs).
  'demo-site': null,
};

// Not sources: outputs, dependencies, local data and test artefacts. Tests do not change a bundle.
const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', 'coverage', 'test-results', 'playwright-report', '.turbo']);
const SKIP_FILE = /\.test\.[cm]?[jt]sx?$|\.tsbuildinfo$/;
const ROOT_FILES = ['pnpm-lock.yaml', 'tsconfig.base.json'];

async function newestMtime(dir) {
  let newest = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    // A single file (tooling/remotes.mjs) or nothing at all.
    return (await stat(dir).catch(() => null))?.mtimeMs ?? 0;
  }
  await Promise.all(
    entries.map(async (e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) newest = Math.max(newest, await newestMtime(full));
      } else if (e.isFile() && !SKIP_FILE.test(e.name)) {
        const s = await stat(full).catch(() => null);
        if (s) newest = Math.max(newest, s.mtimeMs);
      }
    }),
  );
  return newest;
}

/** Why `app` needs a build, or null when its output is newer than all its sources. */
export async function staleReason(app) {
  const spec = BUILDS[app];
  const out = await stat(path.join(ROOT, spec.output)).catch(() => null);
  if (!out) return `${spec.output} missing`;
  const times = await Promise.all([
    ...spec.sources.map((d) => newestMtime(path.join(ROOT, d))),
    ...ROOT_FILES.map((f) =>
      stat(path.join(ROOT, f)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  ]);
  const newest = Math.max(...times);
  return newest > out.mtimeMs ? 'sources changed since the last build' : null;
}

/**
 * Build the given apps when stale (or all of them with `force`), two at a time (2 cores), then make
 * sure every browser app's dist has its precompressed siblings. Throws when a build fails.
 */
export async function ensureBuilt(apps, { force = false, log = console.log } = {}) {
  const todo = [];
  for (const app of apps) {
    if (BUILDS[app] === null) continue;
    if (!existsSync(path.join(ROOT, app, 'package.json'))) {
      // The website script's package may not be in this checkout yet: the rest starts without it.
      log(`build: ${app}: no ${app}/ package in this checkout, skipped`);
      continue;
    }
    const reason = force ? 'rebuild requested (--build)' : await staleReason(app);
    if (reason) {
      todo.push(app);
      log(`build: ${app}: ${reason}`);
    }
  }
  if (todo.length) {
    const filters = todo.flatMap((a) => ['--filter', a]);
    const started = Date.now();
    const code = await run('pnpm', [...filters, '--workspace-concurrency=2', 'run', 'build']);
    if (code !== 0) throw new Error(`build failed (pnpm ${filters.join(' ')} run build exited with ${code})`);
    log(`build: done in ${Math.round((Date.now() - started) / 1000)} s`);
  } else {
    log('build: everything is up to date (pnpm start --build rebuilds anyway)');
  }
  await ensureCompressed(
    apps.filter((a) => a !== 'api'),
    log,
  );
  return todo;
}

/**
 * The apps' build runs scripts/compress-dist.mjs; if a dist lacks the .gz/.br siblings anyway (an
 * older build, a build script that skips it), write them now, so the servers send compressed
 * JavaScript and the benchmark measures what users would get.
 */
export async function ensureCompressed(apps, log = console.log) {
  for (const app of apps) {
    const dist = path.join(ROOT, app, 'dist');
    if (!existsSync(dist) || (await hasCompressedJs(dist))) continue;
    const t = await compressDist(dist);
    log(`build: ${app}: compressed ${t.files} files (the build wrote no precompressed siblings)`);
  }
}

/** True as soon as one `.js.gz` is found under dir (small files may legitimately lack one). */
async function hasCompressedJs(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  if (entries.some((e) => e.isFile() && e.name.endsWith('.js.gz'))) return true;
  for (const e of entries) {
    if (e.isDirectory() && (await hasCompressedJs(path.join(dir, e.name)))) return true;
  }
  return false;
}
