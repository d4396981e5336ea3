import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scaled } from '../test-time-scale.cjs';

/**
 * The mutation check (scripts/mutations.mjs) proves itself here: on the fixtures of
 * fixtures/mutations/, which break fixtures/mutation-target/clamp.ts, it says caught for a breakage
 * clamp.test.ts notices, SURVIVED for one no test notices (or whose test is gone), error for a file
 * that cannot run, and fails unless every mutation was caught; it never changes the working tree,
 * even when interrupted; and `pnpm test` counts its report (a survivor is a failure).
 */
const ROOT = path.resolve(__dirname, '../..');
const RUNNER = path.join(ROOT, 'scripts/mutations.mjs');
const FIXTURES = path.join(__dirname, 'fixtures', 'mutations');
const TARGET = path.join(__dirname, 'fixtures', 'mutation-target', 'clamp.ts');
// Real Jest runs in scratch copies of the repository: seconds each on an idle machine, far more on a busy one.
jest.setTimeout(scaled(300_000));

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'signpost-mutation-check-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function mutations(...args: string[]) {
  const r = spawnSync(process.execPath, [RUNNER, `--dir=${FIXTURES}`, `--work=${work}`, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 280_000 });
  const lines = r.stdout.trimEnd().split('\n');
  const line = (name: string) => lines.find((l) => new RegExp(`^\\S+\\s+${name}\\s`).test(l)) ?? '';
  return { status: r.status, lines, line, last: lines[lines.length - 1], output: r.stdout + r.stderr };
}

test('each fixture gets its verdict; the run fails, reports its counts, and leaves the working tree and no scratch copy behind', () => {
  const before = readFileSync(TARGET, 'utf8');
  const report = path.join(work, 'report.json');
  const r = mutations(`--report=${report}`);
  expect(r.line('caught')).toMatch(/^caught\s+caught\s+1 failed: clamp\.test\.ts › clamp keeps a value within its bounds/);
  expect(r.line('both-edits')).toMatch(/^caught\s/);
  expect(r.line('survived')).toMatch(/^SURVIVED\s+survived\s+2 passed/);
  expect(r.line('twice')).toMatch(/^error\s+twice\s.*"find" occurs 4 times/);
  expect(r.line('missing-test')).toMatch(/^error\s+missing-test\s.*gone\.test\.ts does not exist/);
  expect(r.line('no-test-ran')).toMatch(/^SURVIVED\s+no-test-ran\s+no test ran/);
  expect(r.last).toMatch(/^mutations: 2 caught, 2 survived, 2 errors/);
  expect(r.status).toBe(1);
  expect(JSON.parse(readFileSync(report, 'utf8'))).toEqual({ caught: 2, survived: 2, errors: 2, total: 6 });
  expect(readFileSync(TARGET, 'utf8')).toBe(before);
  expect(readdirSync(work).filter((f) => f.startsWith('slot-'))).toEqual([]);
});

test('a run in which every mutation is caught passes; --baseline runs the tests unmutated first', () => {
  const r = mutations('--only=caught', '--baseline', '--jobs=1');
  expect(r.last).toMatch(/^mutations: 1 caught, 0 survived, 0 errors/);
  expect(r.status).toBe(0);
});

test('--check validates without running anything; the repository’s own mutation files are all valid', () => {
  const fixtures = mutations('--check');
  expect(fixtures.status).toBe(1);
  expect(fixtures.last).toBe('mutations: 4 of 6 valid');
  const own = spawnSync(process.execPath, [RUNNER, '--check'], { cwd: ROOT, encoding: 'utf8' });
  expect(own.stdout).toMatch(/^mutations: (\d+) of \1 valid$/m);
  expect(own.status).toBe(0);
});

test('interrupted (Ctrl+C) mid-run: it stops its Jest runs, deletes its scratch copies and exits 130; the working tree is untouched', async () => {
  const before = readFileSync(TARGET, 'utf8');
  const child = spawn(process.execPath, [RUNNER, `--dir=${FIXTURES}`, `--work=${work}`, '--only=caught,survived'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Once a Jest run has started in a scratch copy (the mutation applied there), interrupt.
  const jestIn = () =>
    readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(`--outputFile=${work}`);
        } catch {
          return false;
        }
      });
  const deadline = Date.now() + 120_000;
  while (jestIn().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(jestIn().length).toBeGreaterThan(0);
  child.kill('SIGINT');
  expect(await exited).toBe(130);
  await new Promise((r) => setTimeout(r, 500));
  expect(jestIn()).toEqual([]);
  expect(existsSync(path.join(work, 'slot-0'))).toBe(false);
  expect(readFileSync(TARGET, 'utf8')).toBe(before);
});

test('pnpm test counts the check’s report: caught mutations pass, a survivor fails the run', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'signpost-test-runner-'));
  try {
    const run = (only: string) => {
      const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/test.mjs'), `--only=${only}`], {
        cwd: ROOT,
        env: { ...process.env, SIGNPOST_TEST_SUITES: path.join(__dirname, 'fixtures', 'fake-suites.mjs'), SIGNPOST_TEST_OUT: out },
        encoding: 'utf8',
        timeout: 60_000,
      });
      const lines = r.stdout.trimEnd().split('\n');
      return { status: r.status, last: lines[lines.length - 1] };
    };
    expect(run('mutants')).toEqual({ status: 0, last: '3 passed, 0 failed' });
    expect(run('mutants,survivor')).toEqual({ status: 1, last: '5 passed, 1 failed' });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
