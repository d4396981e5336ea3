#!/usr/bin/env node
// The mutation check (`pnpm test --only=mutations`, or `node scripts/mutations.mjs` directly): each
// file of tooling/mutations/ breaks one guarded behaviour (replace `find` by `replace` in `file`) and
// names the tests that must then fail. Every mutation is applied in a scratch copy of the repository,
// never in the working tree, its tests run there, and it is reverted. One line per mutation:
//
//   caught    <name>  a test failed: the guard is defended
//   SURVIVED  <name>  every test passed with the behaviour broken: the guard has lost its test
//   error     <name>  the file is invalid, or its tests could not run
//
// then `mutations: N caught, N survived, N errors`; the exit code is 0 only when every one was caught.
//
// The unmutated run of the same tests is not repeated here: the unit and api suites of `pnpm test`
// already run every test on the unmutated tree, and a second run would double this check's time.
// A test that fails for a reason of its own is still never taken for a catch: a test file that fails
// to load, or a run that reports no test, is an error, not a catch. `--baseline` runs the unmutated
// tests first anyway (for a new mutation file, or a tree whose suites have not run).
//
// Flags: --only=a,b        run these mutations only (file names without .json)
//        --jobs=N          scratch copies used side by side (default 2: one Jest per core)
//        --baseline        run each mutation's tests unmutated first; a failure there is an error
//        --dir=PATH        the mutation files (default tooling/mutations)
//        --work=PATH       where the scratch copies go (default a folder of the system's tmp)
//        --report=FILE     write {caught, survived, errors, total} as JSON (scripts/test.mjs reads it)
//        --timeout=SECONDS one Jest run's limit (default 300)
//        --postgres        run the API tests on a throwaway PostgreSQL cluster of the check's instead
//                          of PGlite: each test file's database is a copy of one template, cheaper
//                          than starting PGlite from its dump. Not the default: the guards were shown
//                          caught on PGlite, and a few defend what only PGlite's one connection makes
//                          observable (a write left outside its transaction, the console's calls
//                          queued ahead of the public ones), which survive on PostgreSQL.
//        --check           only validate the files (each `find` once in its file, the test files there)
import { availableParallelism } from 'node:os';
import { mkdirSync, rmSync, writeFileSync, openSync, closeSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/proc.mjs';
import {
  changesSeededDatabase,
  defaultWorkDir,
  loadMutations,
  prepareSlot,
  repositoryFiles,
  runBaseline,
  runMutation,
  seededDatabaseEnv,
} from './lib/mutations.mjs';
import { findPgBin, getThrowawayPostgres } from './lib/pg-throwaway.mjs';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    jobs: { type: 'string' },
    baseline: { type: 'boolean' },
    dir: { type: 'string' },
    work: { type: 'string' },
    report: { type: 'string' },
    timeout: { type: 'string' },
    postgres: { type: 'boolean' },
    check: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    'usage: node scripts/mutations.mjs [--check] [--only=a,b] [--jobs=N] [--baseline] [--dir=PATH] [--work=PATH] [--report=FILE] [--timeout=SECONDS] [--postgres]',
  );
  process.exit(0);
}

const dir = path.resolve(ROOT, values.dir ?? 'tooling/mutations');
const work = path.resolve(values.work ?? defaultWorkDir());
const jobs = Math.max(1, Number(values.jobs ?? Math.min(2, availableParallelism())) || 1);
const timeoutMs = Math.max(10, Number(values.timeout ?? 300) || 300) * 1000;

const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code) => (s) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
const red = paint(31);
const green = paint(32);
const yellow = paint(33);

let mutations = loadMutations(dir);
if (values.only) {
  const wanted = values.only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((w) => !mutations.some((m) => m.name === w));
  if (unknown.length) {
    console.error(`mutations: unknown mutation(s) ${unknown.join(', ')} (in ${path.relative(ROOT, dir) || dir})`);
    process.exit(2);
  }
  mutations = mutations.filter((m) => wanted.includes(m.name));
}

if (values.check) {
  const invalid = mutations.filter((m) => m.error);
  for (const m of invalid) console.log(`error  ${path.relative(ROOT, m.file)}: ${m.error}`);
  console.log(`mutations: ${mutations.length - invalid.length} of ${mutations.length} valid`);
  process.exit(invalid.length || !mutations.length ? 1 : 0);
}

const width = Math.max(8, ...mutations.map((m) => m.name.length));
const counts = { caught: 0, survived: 0, errors: 0 };
const report = (m, { status, detail }, seconds) => {
  if (status === 'caught') counts.caught++;
  else if (status === 'survived') counts.survived++;
  else counts.errors++;
  const label = { caught: green('caught  '), survived: red('SURVIVED'), error: red('error   ') }[status];
  const time = seconds === undefined ? '' : ` (${seconds}s)`;
  console.log(`${label}  ${m.name.padEnd(width)}  ${detail}${time}`);
};
const writeReport = () => {
  if (!values.report) return;
  mkdirSync(path.dirname(path.resolve(values.report)), { recursive: true });
  writeFileSync(values.report, `${JSON.stringify({ ...counts, total: mutations.length })}\n`);
};

// One run at a time per scratch folder: a second run would rebuild the copies under the first.
mkdirSync(work, { recursive: true });
const lockFile = path.join(work, 'lock');
try {
  closeSync(openSync(lockFile, 'wx'));
} catch {
  let pid = 0;
  try {
    pid = Number(readFileSync(lockFile, 'utf8'));
  } catch {
    /* an empty or unreadable lock is a stale one */
  }
  const alive = () => {
    try {
      return pid > 0 && process.kill(pid, 0);
    } catch {
      return false;
    }
  };
  if (alive()) {
    console.error(`mutations: another run (pid ${pid}) is using ${work}; pass --work=PATH to run beside it`);
    process.exit(2);
  }
}
writeFileSync(lockFile, String(process.pid));

const slots = Array.from({ length: Math.min(jobs, mutations.filter((m) => m.spec).length) }, (_, i) => path.join(work, `slot-${i}`));
const children = new Set();
let stopping = false;
/** The check's own PostgreSQL, when the API tests run there. */
let postgres = null;
const cleanUp = () => {
  postgres?.stop().catch(() => {});
  for (const slot of slots) rmSync(slot, { recursive: true, force: true });
  rmSync(path.join(work, 'seeded-pgdata.tar'), { force: true });
  rmSync(lockFile, { force: true });
};
// Ctrl+C, or the test runner stopping this suite: the working tree was never touched; the Jest runs
// (each in its own process group, out of reach of a signal to ours) are killed at once, not after a
// grace period the caller may not give us, and the scratch copies deleted.
const onSignal = (signal) => {
  if (stopping) process.exit(130);
  stopping = true;
  console.error(red(`\n${signal}: stopping the mutation runs…`));
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  // The counts first: the caller may not wait for the copies to be deleted.
  writeReport();
  cleanUp();
  process.exit(130);
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

const started = Date.now();
console.log(
  `${mutations.length} mutation(s) from ${path.relative(ROOT, dir) || dir}, ${slots.length} scratch cop${slots.length === 1 ? 'y' : 'ies'} in ${work}`,
);
for (const m of mutations) if (m.error) report(m, { status: 'error', detail: `${path.relative(ROOT, m.file)}: ${m.error}` });

const queue = mutations.filter((m) => m.spec);
try {
  if (slots.length) {
    const files = repositoryFiles();
    for (const slot of slots) prepareSlot(slot, files);
  }
  let env = { shared: {}, own: {} };
  if (queue.some((m) => m.spec.tests.some((t) => t.project === 'api'))) {
    if (values.postgres && findPgBin()) {
      const got = await getThrowawayPostgres();
      postgres = got.pg;
      if (!postgres) console.log(yellow(`mutations: the API tests run on PGlite (${got.reason})`));
    }
    env = await seededDatabaseEnv({ adminUrl: postgres?.url, file: path.join(work, 'seeded-pgdata.tar') });
    console.log(`the API tests run on ${postgres ? 'a throwaway PostgreSQL' : 'PGlite'}`);
  }
  await Promise.all(
    slots.map(async (slot) => {
      for (let m = queue.shift(); m && !stopping; m = queue.shift()) {
        const t = Date.now();
        const opts = { timeoutMs, children, env: changesSeededDatabase(m.spec) ? env.own : env.shared };
        let result = values.baseline ? await runBaseline(slot, m.spec, opts) : null;
        result ??= await runMutation(slot, m.spec, opts);
        if (!stopping) report(m, result, Math.round((Date.now() - t) / 1000));
      }
    }),
  );
} finally {
  if (!stopping) cleanUp();
}

const summary = `mutations: ${counts.caught} caught, ${counts.survived} survived, ${counts.errors} errors (${Math.round((Date.now() - started) / 1000)}s)`;
console.log(counts.survived + counts.errors || !mutations.length ? red(summary) : mutations.length ? green(summary) : yellow(summary));
writeReport();
process.exitCode = counts.caught === mutations.length && mutations.length > 0 ? 0 : 1;
