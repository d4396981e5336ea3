// The mutation check's pieces (scripts/mutations.mjs runs them): reading and validating the mutation
// files of tooling/mutations/, building the scratch copies the mutations are applied in, running a
// mutation's tests there, and turning Jest's report into caught / SURVIVED / error.
//
// A mutation is never applied to the working tree: each scratch copy ("slot") holds the repository's
// files (tracked and untracked-but-not-ignored, as they are on disk) with node_modules linked, so an
// interrupted run can leave a mutated file behind only in a copy that the next run rebuilds.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, eachLine, killTree } from './proc.mjs';

/** The Jest configuration each `project` of a mutation's tests runs with (paths from the repository root). */
export const PROJECTS = { api: 'api/jest.config.mjs', unit: 'jest.config.mjs' };

const isText = (v) => typeof v === 'string' && v.length > 0;

/** How many times `needle` occurs in `haystack` (non-overlapping). */
export function occurrences(haystack, needle) {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

/**
 * The edits of a mutation: `file`/`find`/`replace`, then those of the optional `also` (a behaviour
 * guarded twice over, say a filter in SQL and again in code, is broken only by breaking both).
 */
export const editsOf = (spec) => [{ file: spec.file, find: spec.find, replace: spec.replace }, ...(spec.also ?? [])];

/**
 * Read one mutation file and check it against the repository at `root`. Returns `{ name, file, spec }`
 * when it can run, `{ name, file, error }` when it cannot (the reason, in one line).
 */
export function loadMutation(file, root = ROOT) {
  const name = path.basename(file, '.json');
  const fail = (error) => ({ name, file, error });
  let spec;
  try {
    spec = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return fail(`not valid JSON: ${err.message}`);
  }
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return fail('not a JSON object');
  for (const key of ['guard', 'file', 'find']) if (!isText(spec[key])) return fail(`"${key}" must be a non-empty string`);
  if (typeof spec.replace !== 'string') return fail('"replace" must be a string');
  if (spec.replace === spec.find) return fail('"replace" is the same as "find": nothing would change');
  if (spec.also !== undefined && !Array.isArray(spec.also)) return fail('"also" must be an array of { file, find, replace } when given');
  for (const [i, edit] of editsOf(spec).entries()) {
    const where = i === 0 ? '' : `also[${i - 1}].`;
    if (!edit || typeof edit !== 'object') return fail(`also[${i - 1}] must be an object`);
    if (!isText(edit.file) || !isText(edit.find) || typeof edit.replace !== 'string')
      return fail(`${where}file, ${where}find and ${where}replace must be strings`);
    if (path.isAbsolute(edit.file) || edit.file.split(/[\\/]/).includes('..')) return fail(`"${where}file" must be a path inside the repository: ${edit.file}`);
    const target = path.join(root, edit.file);
    if (!existsSync(target)) return fail(`${edit.file} does not exist`);
    const count = occurrences(readFileSync(target, 'utf8'), edit.find);
    if (count !== 1) return fail(`"${where}find" occurs ${count} times in ${edit.file} (must be exactly once)`);
  }
  if (!Array.isArray(spec.tests) || spec.tests.length === 0) return fail('"tests" must be a non-empty array');
  for (const [i, t] of spec.tests.entries()) {
    const where = `tests[${i}]`;
    if (!t || typeof t !== 'object') return fail(`${where} must be an object`);
    if (!Object.hasOwn(PROJECTS, t.project)) return fail(`${where}.project must be one of ${Object.keys(PROJECTS).join(', ')}`);
    if (!Array.isArray(t.files) || t.files.length === 0 || !t.files.every(isText)) return fail(`${where}.files must be a non-empty array of paths`);
    const missing = t.files.find((f) => !existsSync(path.join(root, f)));
    if (missing) return fail(`${where}: test file ${missing} does not exist`);
    if (t.name !== undefined && !isText(t.name)) return fail(`${where}.name must be a non-empty string when given`);
  }
  return { name, file, spec };
}

/** Every mutation file of `dir` (sorted by name), each loaded and checked. */
export function loadMutations(dir, root = ROOT) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => loadMutation(path.join(dir, f), root));
}

/** The default place of the scratch copies: outside the repository (so lint, tsc and Jest never see them), stable per checkout (so Jest's transform cache stays warm). */
export function defaultWorkDir(root = ROOT) {
  const id = createHash('sha1').update(root).digest('hex').slice(0, 10);
  return path.join(tmpdir(), `signpost-mutations-${id}`);
}

/** The repository's files as they are on disk: tracked ones and new ones git does not ignore. */
export function repositoryFiles(root = ROOT) {
  const r = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`git ls-files failed: ${r.stderr || r.error?.message}`);
  return r.stdout.split('\0').filter((f) => f && existsSync(path.join(root, f)));
}

/**
 * Build a fresh scratch copy of `root` at `slot`. The root node_modules is a link to the real one; each
 * package's node_modules is copied as the links it is made of, so pnpm's relative links to workspace
 * packages (api/node_modules/contracts -> ../../contracts) point into the copy and a mutated contracts
 * file is the one the API's tests import, while third-party packages resolve into the real store.
 */
export function prepareSlot(slot, files, root = ROOT) {
  rmSync(slot, { recursive: true, force: true });
  mkdirSync(slot, { recursive: true });
  for (const f of files) {
    const to = path.join(slot, f);
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(path.join(root, f), to, { verbatimSymlinks: true });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(slot, 'node_modules'));
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const modules = path.join(root, entry.name, 'node_modules');
    if (existsSync(modules)) cpSync(modules, path.join(slot, entry.name, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  }
}

const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
const JEST_BIN = requireFromRoot.resolve('jest/bin/jest');

/**
 * Run one entry of a mutation's `tests` in `slot`: resolves `{ code, report, output }`, `report` being
 * Jest's --json report (null when Jest died before writing it). The running Jest is in `children`
 * while it runs (its own process group), for the caller to stop on Ctrl+C.
 */
export function runTests(slot, test, { timeoutMs = 5 * 60_000, children = new Set(), env: extraEnv = {} } = {}) {
  const reportFile = path.join(slot, '.mutation-report.json');
  rmSync(reportFile, { force: true });
  const args = [
    JEST_BIN,
    '-c',
    PROJECTS[test.project],
    '--ci',
    // One process per mutation: the slots already use the cores side by side.
    '--runInBand',
    '--forceExit',
    '--silent',
    '--no-watchman',
    '--json',
    `--outputFile=${reportFile}`,
    ...(test.name ? [`--testNamePattern=${test.name}`] : []),
    '--runTestsByPath',
    ...test.files,
  ];
  // The API tests' database is the check's choice (extraEnv: a PostgreSQL of its own, else PGlite),
  // whatever the caller's shell says.
  const env = { ...process.env, CI: 'true' };
  delete env.TEST_DATABASE_URL;
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: slot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.add(child);
    const lines = [];
    const keep = (line) => {
      lines.push(line);
      if (lines.length > 60) lines.shift();
    };
    eachLine(child.stdout, keep);
    eachLine(child.stderr, keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killTree(child, 3000);
    }, timeoutMs);
    const done = (code) => {
      clearTimeout(timer);
      children.delete(child);
      let report = null;
      try {
        report = JSON.parse(readFileSync(reportFile, 'utf8'));
      } catch {
        /* Jest died before reporting: the caller says so */
      }
      resolve({ code, timedOut, report, output: lines.join('\n') });
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
    child.on('error', (err) => {
      keep(`failed to start: ${err.message}`);
      done(127);
    });
  });
}

/** The full names of the tests a Jest report says failed. */
export function failedTestNames(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => `${path.basename(file.name)} › ${a.fullName ?? a.title}`),
  );
}

/**
 * What one run of a mutation's tests says: `caught` when at least one test failed; `error` when the
 * tests could not say anything (Jest died, a test file failed to load); else `survived`, including
 * when no test ran at all (the one that defended the guard is gone).
 * A test file that fails to load does not count as catching: that is how a broken environment looks
 * too, and a check that goes green on a broken environment proves nothing.
 */
export function classify({ code, timedOut, report, output }) {
  const tail = () => output.split('\n').filter(Boolean).slice(-3).join(' | ');
  if (timedOut) return { status: 'error', detail: `timed out; ${tail()}` };
  if (!report) return { status: 'error', detail: `jest exited with code ${code} before reporting; ${tail()}` };
  const failed = failedTestNames(report);
  // A set-up hook that ran out of time fails every test under it: that is a slow or broken machine
  // speaking, not the mutation being caught.
  const messages = (report.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? []).filter((a) => a.status === 'failed').flatMap((a) => a.failureMessages ?? []),
  );
  if (failed.length && messages.length && messages.every((m) => /Exceeded timeout of .* for a hook/.test(m))) {
    return { status: 'error', retry: true, detail: `a hook timed out (${failed.length} test(s) failed with it): is the machine overloaded?` };
  }
  if (failed.length) return { status: 'caught', detail: `${failed.length} failed: ${failed[0]}${failed.length > 1 ? ', …' : ''}` };
  const broken = (report.testResults ?? []).filter((f) => f.testExecError || (f.status === 'failed' && !(f.assertionResults ?? []).length));
  if (broken.length) {
    const message = (broken[0].testExecError?.message ?? broken[0].message ?? '').split('\n').find((l) => l.trim()) ?? '';
    return { status: 'error', detail: `${path.basename(broken[0].name)} failed to run: ${message.trim().slice(0, 200)}` };
  }
  // No test left to fail: the guard's test was deleted or renamed (or the pattern never matched).
  if (!report.numPassedTests) return { status: 'survived', detail: 'no test ran: is the test the mutation names (file, name pattern) gone?' };
  return { status: 'survived', detail: `${report.numPassedTests} passed` };
}

/** Apply `spec` in `slot`, run its tests (stopping at the first entry that catches it), revert. */
export async function runMutation(slot, spec, opts = {}) {
  const originals = new Map();
  const revert = () => {
    for (const [file, text] of originals) writeFileSync(file, text);
  };
  for (const edit of editsOf(spec)) {
    const target = path.join(slot, edit.file);
    const text = readFileSync(target, 'utf8');
    if (!originals.has(target)) originals.set(target, text);
    if (occurrences(text, edit.find) !== 1) {
      revert();
      return { status: 'error', detail: `"find" is not exactly once in ${edit.file}` };
    }
    writeFileSync(
      target,
      text.replace(edit.find, () => edit.replace),
    );
  }
  try {
    let last = null;
    for (const test of spec.tests) {
      last = classify(await runTests(slot, test, opts));
      // Once more after a set-up hook ran out of time: on a busy machine the second try usually fits.
      if (last.retry) last = classify(await runTests(slot, test, opts));
      if (last.status !== 'survived') return last;
    }
    return last;
  } finally {
    revert();
  }
}

/** Run the mutation's tests on the unmutated copy: every one must pass (`--baseline`). */
export async function runBaseline(slot, spec, opts = {}) {
  for (const test of spec.tests) {
    const result = classify(await runTests(slot, test, opts));
    if (result.status === 'caught') return { status: 'error', detail: `fails without the mutation: ${result.detail}` };
    if (result.status === 'error') return { status: 'error', detail: `without the mutation: ${result.detail}` };
  }
  return null;
}

/**
 * Whether a mutation edits what the seeded database is made of (a migration, the schema, the seed):
 * its runs then make their own database, as without the check, instead of the shared one.
 */
export const changesSeededDatabase = (spec) => editsOf(spec).some((e) => e.file.startsWith('api/drizzle/') || e.file.startsWith('api/src/db/'));

/**
 * The API tests' seeded database, made once from the unmutated tree: every API run of the check then
 * starts from it instead of paying the migrations and the seed again (a mutation of those makes its
 * own: changesSeededDatabase). On PostgreSQL (`adminUrl`, a throwaway cluster of the check's) it is
 * a template each test file's database is copied from (about 1 s of CPU a file, against 4 s to start
 * PGlite from a dump); without PostgreSQL, a PGlite dump written to `file`.
 * Resolves to `{ shared, own }`: the environment of the runs that use it, and of those that make
 * their own (empty when it could not be made: each run then makes its own, as without the check).
 */
export async function seededDatabaseEnv({ adminUrl, file }, root = ROOT) {
  const tsx = (args, stdout) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: path.join(root, 'api'), stdio: ['ignore', stdout, 'inherit'] });
      let out = '';
      child.stdout?.on('data', (d) => (out += d));
      child.on('exit', (code) => resolve(code === 0 ? out.trim() || 'ok' : null));
      child.on('error', () => resolve(null));
    });
  if (adminUrl) {
    const own = { TEST_DATABASE_URL: adminUrl };
    const template = await tsx(['test/support/write-pg-template.ts', adminUrl], 'pipe');
    return { shared: template ? { ...own, SIGNPOST_TEST_PG_TEMPLATE: template } : own, own };
  }
  const made = await tsx(['test/support/write-seeded-dump.ts', file], 'ignore');
  return { shared: made && existsSync(file) ? { SIGNPOST_TEST_PGLITE_DUMP: file } : {}, own: {} };
}
