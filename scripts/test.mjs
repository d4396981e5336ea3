#!/usr/bin/env node
// `pnpm test`: every suite of the repository, in order, each with its own pass/fail counts, then a
// table and EXACTLY one last line `N passed, N failed` (`, N skipped` appended only when some were).
// This is the README's test command and what CI (.ci/run) runs; nothing may print after that line.
//
//   typecheck  pnpm -r run typecheck           1 test per package
//   lint       pnpm exec eslint .              1 test
//   unit       pnpm exec jest                  Jest's own counts (root jest.config.mjs projects)
//   api        API suite on PGlite             Jest's own counts
//   api-pg     API suite on PostgreSQL         TEST_DATABASE_URL, else a throwaway cluster, else skipped
//   build      pnpm build                      1 test
//   e2e        Playwright in Debian Chromium   Playwright's counts
//
// Flags: --only=unit,api,...   run a subset (e2e implies build unless --no-build)
//        --no-build            e2e against the current build
// A suite whose command crashes before reporting its counts counts as 1 failed test.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, run } from './lib/proc.mjs';
import { findPgBin, getThrowawayPostgres } from './lib/pg-throwaway.mjs';

const SUITES = ['typecheck', 'lint', 'unit', 'api', 'api-pg', 'build', 'e2e'];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'no-build': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(`usage: pnpm test [--only=${SUITES.join(',')}] [--no-build]`);
  process.exit(0);
}
let selected = SUITES;
if (values.only) {
  const wanted = values.only.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted.filter((s) => !SUITES.includes(s));
  if (unknown.length) {
    console.error(`pnpm test: unknown suite(s) ${unknown.join(', ')}; known: ${SUITES.join(', ')}`);
    process.exit(2);
  }
  // The browser tests drive the built product: a stale build would test old code.
  if (wanted.includes('e2e') && !values['no-build']) wanted.push('build');
  selected = SUITES.filter((s) => wanted.includes(s));
}
if (values['no-build']) selected = selected.filter((s) => s !== 'build');

const OUT = path.join(ROOT, '.tmp', 'test'); // .tmp/ is gitignored
await mkdir(OUT, { recursive: true });

const tty = process.stdout.isTTY;
const bold = (s) => (tty ? `\x1b[1m${s}\x1b[0m` : s);
const red = (s) => (tty ? `\x1b[31m${s}\x1b[0m` : s);
const green = (s) => (tty ? `\x1b[32m${s}\x1b[0m` : s);
const yellow = (s) => (tty ? `\x1b[33m${s}\x1b[0m` : s);

/** Every child's environment: CI-style output, no browser download, no inherited database choice. */
const baseEnv = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
delete baseEnv.DATABASE_URL;

const readJson = async (file) => JSON.parse(await readFile(file, 'utf8'));

/** Counts from a Jest --json report; a file that failed to run has no tests but is a failure. */
async function jestCounts(file, code) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, note: `jest exited with code ${code} before reporting` };
  const r = await readJson(file);
  const failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  const result = { passed: r.numPassedTests, failed, skipped: r.numPendingTests + (r.numTodoTests ?? 0) };
  if (r.numRuntimeErrorTestSuites) result.note = `${r.numRuntimeErrorTestSuites} test file(s) failed to run`;
  if (code !== 0 && result.failed === 0) return { ...result, failed: 1, note: `jest exited with code ${code}` };
  if (r.numTotalTests === 0 && code === 0) result.note = 'no tests found';
  return result;
}

const jestArgs = (name, extra = []) => {
  const file = path.join(OUT, `${name}.json`);
  return { file, args: ['exec', 'jest', ...extra, '--ci', '--json', `--outputFile=${file}`] };
};

const suites = {
  async typecheck() {
    const summary = path.join(ROOT, 'pnpm-exec-summary.json');
    await rm(summary, { force: true });
    // --no-bail: check every package, not only up to the first failure; --report-summary tells us
    // which passed (written at the workspace root; removed once read).
    const code = await run(
      'pnpm',
      ['-r', '--workspace-concurrency=2', '--no-bail', '--report-summary', 'run', 'typecheck'],
      { env: baseEnv },
    );
    if (!existsSync(summary)) return { passed: 0, failed: 1, skipped: 0, note: `pnpm exited with code ${code}, no summary` };
    const status = Object.entries((await readJson(summary)).executionStatus ?? {});
    await rm(summary, { force: true });
    const failedPkgs = status.filter(([, s]) => s.status === 'failure').map(([p]) => path.basename(p));
    const passed = status.filter(([, s]) => s.status === 'passed').length;
    if (status.length === 0) return { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0, note: 'no package has a typecheck script' };
    return {
      passed,
      failed: failedPkgs.length,
      skipped: 0,
      note: failedPkgs.length ? `failed: ${failedPkgs.join(', ')}` : `${passed} packages`,
    };
  },

  async lint() {
    const code = await run('pnpm', ['exec', 'eslint', '.'], { env: baseEnv });
    return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0, note: `eslint exited with code ${code}` };
  },

  async unit() {
    const { file, args } = jestArgs('unit');
    await rm(file, { force: true });
    const code = await run('pnpm', args, { env: baseEnv });
    return jestCounts(file, code);
  },

  async api() {
    const { file, args } = jestArgs('api', ['-c', 'api/jest.config.mjs']);
    await rm(file, { force: true });
    const env = { ...baseEnv };
    delete env.TEST_DATABASE_URL; // this suite is the PGlite one, whatever the caller's shell says
    const code = await run('pnpm', args, { env });
    return { ...(await jestCounts(file, code)), note: 'PGlite' };
  },

  async 'api-pg'() {
    let url = process.env.TEST_DATABASE_URL;
    let pg = null;
    let where = 'TEST_DATABASE_URL';
    if (!url) {
      if (!findPgBin()) {
        const note = 'skipped: PostgreSQL is not installed (apt-get install -y postgresql) and TEST_DATABASE_URL is not set';
        console.log(yellow(`api-pg ${note}`));
        return { passed: 0, failed: 0, skipped: 1, note };
      }
      const got = await getThrowawayPostgres({ log: (l) => console.log(l) });
      if (!got.pg) return { passed: 0, failed: 1, skipped: 0, note: got.reason };
      pg = got.pg;
      url = pg.url;
      where = 'throwaway cluster';
    }
    try {
      const { file, args } = jestArgs('api-pg', ['-c', 'api/jest.config.mjs']);
      await rm(file, { force: true });
      const code = await run('pnpm', args, { env: { ...baseEnv, TEST_DATABASE_URL: url } });
      return { ...(await jestCounts(file, code)), note: `PostgreSQL (${where})` };
    } finally {
      await pg?.stop(); // always, even when Jest crashed
    }
  },

  async build() {
    const code = await run('pnpm', ['build'], { env: baseEnv });
    return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0, note: `pnpm build exited with code ${code}` };
  },

  async e2e() {
    if (!existsSync('/usr/bin/chromium')) {
      const note = '/usr/bin/chromium is missing: install it with `apt-get install -y chromium` (never `playwright install`)';
      console.log(red(note));
      return { passed: 0, failed: 1, skipped: 0, note };
    }
    if (results.build?.failed) return { passed: 0, failed: 1, skipped: 0, note: 'not run: the build failed' };
    const file = path.join(OUT, 'e2e.json');
    await rm(file, { force: true });
    const code = await run('pnpm', ['--filter', 'e2e', 'exec', 'playwright', 'test', '--reporter=line,json'], {
      env: { ...baseEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    });
    if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, note: `playwright exited with code ${code} before reporting` };
    const { stats = {}, errors = [] } = await readJson(file);
    const result = {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: (stats.unexpected ?? 0) + errors.length, // errors: global setup or a file that failed to load
      skipped: stats.skipped ?? 0,
    };
    const notes = [];
    if (stats.flaky) notes.push(`${stats.flaky} flaky (passed on retry)`);
    if (errors.length) notes.push(`${errors.length} error(s) outside tests`);
    if (code !== 0 && result.failed === 0) {
      result.failed = 1;
      notes.push(`playwright exited with code ${code}`);
    }
    if (notes.length) result.note = notes.join('; ');
    return result;
  },
};

const results = {};
let interrupted = false;
process.on('SIGINT', () => {
  // Children get the terminal's SIGINT themselves; just make sure the summary says so.
  interrupted = true;
});

const started = Date.now();
for (const [i, name] of selected.entries()) {
  if (interrupted) break;
  console.log(`\n${bold(`━━ [${i + 1}/${selected.length}] ${name} ━━`)}`);
  const t = Date.now();
  try {
    results[name] = await suites[name]();
  } catch (err) {
    console.error(err);
    results[name] = { passed: 0, failed: 1, skipped: 0, note: `crashed: ${err.message}` };
  }
  results[name].seconds = Math.round((Date.now() - t) / 1000);
}

// The table, then the one summary line.
const rows = Object.entries(results);
const total = rows.reduce(
  (acc, [, r]) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed, skipped: acc.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
console.log(`\n${bold('Summary')}${interrupted ? red(' (interrupted)') : ''}`);
console.log(`${pad('suite', 10)} ${lpad('passed', 7)} ${lpad('failed', 7)} ${lpad('skipped', 8)} ${lpad('time', 6)}  notes`);
for (const [name, r] of rows) {
  const mark = r.failed ? red(pad(name, 10)) : r.passed ? green(pad(name, 10)) : yellow(pad(name, 10));
  console.log(`${mark} ${lpad(r.passed, 7)} ${lpad(r.failed, 7)} ${lpad(r.skipped, 8)} ${lpad(`${r.seconds}s`, 6)}  ${r.note ?? ''}`);
}
console.log(`${pad('total', 10)} ${lpad(total.passed, 7)} ${lpad(total.failed, 7)} ${lpad(total.skipped, 8)} ${lpad(`${Math.round((Date.now() - started) / 1000)}s`, 6)}`);
if (interrupted) total.failed += 1; // an interrupted run never reports success
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exitCode = total.failed > 0 ? 1 : 0;
