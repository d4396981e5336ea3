#!/usr/bin/env node
// `pnpm test`: every suite of the repository, in two lanes side by side (REAL_LANES below), each
// suite with its own pass/fail counts, then a table and EXACTLY one last line `N passed, N failed` (`, N skipped` appended only when some were).
// This is the README's test command and what CI (.ci/run) runs; nothing may print after that line.
//
//   typecheck  scripts/typecheck.mjs           1 test per package
//   lint       eslint . and prettier --check   2 tests
//   build      pnpm build                      1 test
//   unit       pnpm exec jest                  Jest's own counts (root jest.config.mjs projects)
//   api        API suite on PGlite             Jest's own counts
//   api-pg     API suite on PostgreSQL         TEST_DATABASE_URL, else a throwaway cluster, else skipped
//   mutations  scripts/mutations.mjs           1 test per file of tooling/mutations/: passed when caught
//   e2e        Playwright in Debian Chromium   Playwright's counts
//
// Flags: --only=unit,api,...   run a subset (e2e implies build unless --no-build)
//        --no-build            skip the build suite (unit and e2e then use the current build)
// A suite whose command crashes before reporting its counts counts as 1 failed test; a suite that
// ran no test (skipped, none found) counts as 1 failed test too (scripts/lib/test-summary.mjs).
// A test that passed only on a retry is named on the line before the last, which then starts with
// `flaky: `.
//
// For the runner's own tests (tooling/checks/test-runner.test.ts) only: SIGNPOST_TEST_SUITES names a
// module whose `suites(helpers)` replaces the suites below (its `lanes` and `after`, if any, the
// lanes'; else one lane), SIGNPOST_TEST_OUT the report folder.
import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import { ROOT, killTree } from './lib/proc.mjs';
import { findPgBin, getThrowawayPostgres } from './lib/pg-throwaway.mjs';
import { exited, jestCounts, mutationCounts, playwrightCounts, settle, summarize } from './lib/test-summary.mjs';

// The unit suite waits for the build: it includes checks on the built federation manifests
// (tooling/checks/federation-manifests.test.ts), which a fresh clone only has after it. The mutation
// check comes after the unit and API suites, which run the tests it names on the unmutated tree (it
// relies on them passing there: scripts/mutations.mjs says why).
const REAL_SUITES = ['typecheck', 'lint', 'build', 'unit', 'api', 'api-pg', 'mutations', 'e2e'];
// The suites run in two lanes side by side, each lane's suites one after the other. The machine is
// two cores and every suite but the browser's keeps them busy, so side by side only pays where one
// side mostly waits: the browser suite (pages, servers, time-outs; about one core) runs beside the
// type-check, lint and unit suites, and the API suites and the mutation check wait for it to end.
// Tried and measured: with four lanes every suite ran about three times slower (eight busy
// processes on two cores) and the API suite outran its limit; beside any Jest suite a browser test
// takes about twice its time alone, so the browser suite is kept beside the shortest ones.
const REAL_LANES = [
  ['build', 'e2e'],
  ['typecheck', 'lint', 'unit', 'api', 'api-pg', 'mutations'],
];
const REAL_AFTER = { unit: ['build'], e2e: ['build'], api: ['e2e'] };
const fake = process.env.SIGNPOST_TEST_SUITES ? await import(pathToFileURL(path.resolve(process.env.SIGNPOST_TEST_SUITES)).href) : null;
const SUITES = fake ? fake.names : REAL_SUITES;
const LANES = fake ? (fake.lanes ?? [fake.names]) : REAL_LANES;
const AFTER = fake ? (fake.after ?? {}) : REAL_AFTER;

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
  const wanted = values.only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
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

const OUT = process.env.SIGNPOST_TEST_OUT ? path.resolve(process.env.SIGNPOST_TEST_OUT) : path.join(ROOT, '.tmp', 'test'); // .tmp/ is gitignored
await mkdir(OUT, { recursive: true });

const tty = process.stdout.isTTY;
const bold = (s) => (tty ? `\x1b[1m${s}\x1b[0m` : s);
const red = (s) => (tty ? `\x1b[31m${s}\x1b[0m` : s);
const green = (s) => (tty ? `\x1b[32m${s}\x1b[0m` : s);
const yellow = (s) => (tty ? `\x1b[33m${s}\x1b[0m` : s);

/** Every child's environment: CI-style output, no browser download, no inherited database choice. */
const baseEnv = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
delete baseEnv.DATABASE_URL;
// .ci/run silences pnpm's own logger (see there); the suites' pnpm commands keep their normal output.
delete baseEnv.npm_config_loglevel;
delete baseEnv.NPM_CONFIG_LOGLEVEL;

// Hard limit per suite: a command that hangs (say Jest kept alive by an open handle after its run)
// must fail its suite, not eat the whole CI budget (about 30 minutes on 2 cores, .ci/run).
// The lanes share two cores, so each suite takes about twice what it takes alone.
const LIMIT_MINUTES = { typecheck: 12, lint: 8, unit: 12, api: 20, 'api-pg': 20, mutations: 40, build: 15, e2e: 60 };
/** The running commands (lint runs two at once, lanes run side by side), for Ctrl+C and timeouts. */
const running = new Set();
/** The suite a command belongs to (suites of several lanes run at once). */
const suiteContext = new AsyncLocalStorage();
let interrupted = false;

/**
 * Run a command in its own process group (so a timeout or Ctrl+C stops it and everything it
 * started), resolving to its exit code; 124 when it hit the suite's time limit. Its output goes to
 * the terminal when its suite runs alone, else to the suite's log (printed whole when it ends, so
 * the lanes' outputs do not interleave).
 */
function run(cmd, args, { env = baseEnv } = {}) {
  const { name, log } = suiteContext.getStore() ?? { name: null, log: null };
  return new Promise((resolve) => {
    const fd = log ? openSync(log, 'a') : null;
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: fd === null ? 'inherit' : ['ignore', fd, fd], detached: true });
    if (fd !== null) closeSync(fd);
    running.add(child);
    const limit = (LIMIT_MINUTES[name] ?? 10) * 60_000;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(red(`\n${name}: still running after ${limit / 60_000} minutes: stopping it`));
      killTree(child, 5000);
    }, limit);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      resolve(timedOut ? 124 : (code ?? (signal ? 128 : 1)));
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      running.delete(child);
      console.error(`${cmd}: ${err.message}`);
      resolve(127);
    });
  });
}

const readJson = async (file) => JSON.parse(await readFile(file, 'utf8'));

const jestArgs = (name, extra = []) => {
  const file = path.join(OUT, `${name}.json`);
  // --forceExit: once every test has reported, a handle left open (a pool, a timer) must not keep
  // the run alive forever; Jest still prints its "did not exit" warning so the leak stays visible.
  return { file, args: ['exec', 'jest', ...extra, '--ci', '--forceExit', '--json', `--outputFile=${file}`] };
};

const realSuites = {
  async typecheck() {
    const file = path.join(OUT, 'typecheck.json');
    await rm(file, { force: true });
    const code = await run(process.execPath, [path.join(ROOT, 'scripts/typecheck.mjs'), `--report=${file}`], { env: baseEnv });
    if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, note: `scripts/typecheck.mjs ${exited(code)}, no report` };
    const status = Object.entries((await readJson(file)).packages ?? {});
    const failedPkgs = status.filter(([, s]) => s === 'failed').map(([p]) => p);
    const passed = status.length - failedPkgs.length;
    if (status.length === 0) return { passed: 0, failed: 1, skipped: 0, note: 'no package has a typecheck script' };
    return {
      passed,
      failed: failedPkgs.length,
      skipped: 0,
      note: failedPkgs.length ? `failed: ${failedPkgs.join(', ')}` : `${passed} packages`,
    };
  },

  // Two checks: eslint (code rules) and prettier (one formatting, so diffs show only real changes).
  // Each is one process on one core: on two cores they run side by side.
  async lint() {
    const [eslint, prettier] = await Promise.all([
      run('pnpm', ['exec', 'eslint', '.'], { env: baseEnv }),
      run('pnpm', ['exec', 'prettier', '--check', '**/*.{ts,tsx,mjs,cjs,js}'], { env: baseEnv }),
    ]);
    const failed = [eslint !== 0 && `eslint ${exited(eslint)}`, prettier !== 0 && `prettier ${exited(prettier)}`].filter(Boolean);
    return { passed: 2 - failed.length, failed: failed.length, skipped: 0, note: failed.join(', ') };
  },

  async unit() {
    const { file, args } = jestArgs('unit');
    await rm(file, { force: true });
    const code = await run('pnpm', args, { env: baseEnv });
    return jestCounts(file, code);
  },

  async api() {
    // The test of several API processes needs PostgreSQL (PGlite serves one process): it runs in the
    // api-pg suite, not twice.
    const { file, args } = jestArgs('api', ['-c', 'api/jest.config.mjs', '--testPathIgnorePatterns=multi-process']);
    await rm(file, { force: true });
    const env = { ...baseEnv };
    delete env.TEST_DATABASE_URL; // this suite is the PGlite one, whatever the caller's shell says
    const code = await run('pnpm', args, { env });
    const r = await jestCounts(file, code);
    return { ...r, note: ['PGlite', r.note].filter(Boolean).join('; ') };
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
      const r = await jestCounts(file, code);
      return { ...r, note: [`PostgreSQL (${where})`, r.note].filter(Boolean).join('; ') };
    } finally {
      await pg?.stop(); // always, even when Jest crashed
    }
  },

  // Each file of tooling/mutations/ breaks one guarded behaviour in a scratch copy and names the tests
  // that must then fail: caught counts as passed; survived, or unable to run, as failed.
  async mutations() {
    const file = path.join(OUT, 'mutations.json');
    await rm(file, { force: true });
    const code = await run(process.execPath, [path.join(ROOT, 'scripts/mutations.mjs'), `--report=${file}`], { env: baseEnv });
    return mutationCounts(file, code);
  },

  async build() {
    const code = await run('pnpm', ['build'], { env: baseEnv });
    return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0, note: `pnpm build ${exited(code)}` };
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
    return playwrightCounts(file, code);
  },
};
const suites = fake ? fake.suites({ run, jestCounts, playwrightCounts, mutationCounts, OUT }) : realSuites;

const results = {};
// Children run in their own process groups, so the terminal's Ctrl+C reaches only us: stop the
// running command (the finally blocks then stop a throwaway PostgreSQL), skip the remaining suites,
// and still print the summary. A second Ctrl+C exits at once.
const onSignal = (signal) => {
  if (interrupted) process.exit(130);
  interrupted = true;
  console.error(red(`\n${signal}: stopping ${[...runningSuites].join(', ')}…`));
  for (const child of running) killTree(child, 3000);
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

const started = Date.now();
const runningSuites = new Set();
const lanes = LANES.map((lane) => lane.filter((name) => selected.includes(name))).filter((lane) => lane.length);
// Output goes straight to the terminal only when one suite runs at a time.
const sideBySide = lanes.length > 1;
// Side by side, a test's fixed time budget (a time-out, a wait for a server) is met on a busier
// machine: the budgets stretch (tooling/test-time-scale.cjs) unless the caller chose a scale.
if (sideBySide && !baseEnv.SIGNPOST_TEST_TIME_SCALE) baseEnv.SIGNPOST_TEST_TIME_SCALE = '2';
/** A promise and its resolve function (Promise.withResolvers is Node 22's). */
function deferred() {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}
const finished = new Map(selected.map((name) => [name, deferred()]));
let startedCount = 0;

async function runSuite(name) {
  for (const before of AFTER[name] ?? []) if (finished.has(before)) await finished.get(before).promise;
  if (interrupted) return;
  const number = ++startedCount;
  const header = bold(`━━ [${number}/${selected.length}] ${name} ━━`);
  const log = sideBySide ? path.join(OUT, `${name}.log`) : null;
  if (log) {
    await rm(log, { force: true });
    console.log(`${header} started (output in ${path.relative(ROOT, log)}, printed when it ends)`);
  } else console.log(`\n${header}`);
  const t = Date.now();
  runningSuites.add(name);
  try {
    results[name] = settle(await suiteContext.run({ name, log }, () => suites[name]()));
  } catch (err) {
    console.error(err);
    results[name] = { passed: 0, failed: 1, skipped: 0, note: `crashed: ${err.message}` };
  }
  runningSuites.delete(name);
  results[name].seconds = Math.round((Date.now() - t) / 1000);
  if (log) {
    console.log(`\n${bold(`━━ ${name}: its output ━━`)}`);
    if (existsSync(log)) process.stdout.write(await readFile(log, 'utf8'));
    console.log(bold(`━━ ${name}: ${results[name].passed} passed, ${results[name].failed} failed in ${results[name].seconds}s ━━`));
  }
}

await Promise.all(
  lanes.map(async (lane) => {
    for (const name of lane) {
      try {
        await runSuite(name);
      } finally {
        finished.get(name).resolve();
      }
    }
  }),
);

// The table, then the one summary line: suites in their usual order, whichever lane finished first.
const ordered = Object.fromEntries(SUITES.filter((name) => name in results).map((name) => [name, results[name]]));
const { lines, last, exitCode } = summarize(ordered, {
  interrupted,
  seconds: Math.round((Date.now() - started) / 1000),
  paint: { bold, red, green, yellow },
});
for (const line of lines) console.log(line);
// For .ci/run: proof that the suites ran and reported (it explains failures that happen before).
await writeFile(path.join(OUT, 'summary.txt'), `${last}\n`).catch(() => {});
console.log(last);
process.exitCode = exitCode;
