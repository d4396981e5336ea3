import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `pnpm test` (scripts/test.mjs) and CI's entry point (.ci/run) must never end green on a run that
 * proved nothing: a suite that crashes, reports no test or is skipped is a failure; the last line is
 * the one CI parses; a test that passed only on a retry is named and marked on the last line.
 * scripts/test.mjs runs here for real, with fake suites (fixtures/fake-suites.mjs) in place of the
 * real ones.
 */
const ROOT = path.resolve(__dirname, '../..');
const FAKE = path.join(__dirname, 'fixtures', 'fake-suites.mjs');
/** What CI accepts as the last line (the rule scripts/lib/test-summary.mjs's LAST_LINE states). */
const CI_LAST_LINE = /^(?:[A-Za-z]+: )?\d+ passed, \d+ failed(?:, \d+ skipped)?$/;

let out: string;
beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'signpost-test-runner-'));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

function runTests(only: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, SIGNPOST_TEST_SUITES: FAKE, SIGNPOST_TEST_OUT: out };
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/test.mjs'), `--only=${only}`], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  const lines = r.stdout.trimEnd().split('\n');
  return { status: r.status, lines, last: lines[lines.length - 1], output: r.stdout + r.stderr };
}

const failedOf = (last: string) => Number(/(\d+) failed/.exec(last)![1]);

test('a run of passing suites ends green with the CI line', () => {
  const r = runTests('pass');
  expect(r.last).toBe('2 passed, 0 failed');
  expect(r.last).toMatch(CI_LAST_LINE);
  expect(r.status).toBe(0);
});

test.each([
  ['crash', 'a command that dies before reporting'],
  ['empty', 'a suite that reports zero tests'],
  ['skipped', 'a suite that is skipped'],
  ['throws', 'a suite whose own code throws'],
  ['failing', 'a suite with a failed test'],
])('%s (%s) beside a passing suite: the last line counts a failure and the exit code is not 0', (suite) => {
  const r = runTests(`pass,${suite}`);
  expect(r.last).toMatch(CI_LAST_LINE);
  expect(failedOf(r.last)).toBeGreaterThan(0);
  expect(r.status).not.toBe(0);
});

test('a test that passed on retry is named on the line before the last, and the last line says flaky in a form CI accepts', () => {
  const r = runTests('pass,flaky');
  expect(r.last).toBe('flaky: 4 passed, 0 failed');
  expect(r.last).toMatch(CI_LAST_LINE);
  expect(r.lines[r.lines.length - 2]).toContain('routing.spec.ts › wobbly deep link');
  expect(r.status).toBe(0);
});

test('suites of two lanes run side by side, a suite waits for the one it comes after, and each output is printed whole', () => {
  rmSync(path.join(out, 'early.done'), { force: true });
  const r = runTests('early,late,pass,mutants');
  expect(r.last).toBe('7 passed, 0 failed');
  expect(r.status).toBe(0);
  // Each suite's output comes as one block under its own heading.
  const block = (name: string) => r.output.indexOf(`━━ ${name}: its output ━━`);
  expect(block('early')).toBeGreaterThan(-1);
  expect(r.output.indexOf('early line')).toBeGreaterThan(block('early'));
  expect(r.output.indexOf('late line')).toBeGreaterThan(block('late'));
  // The table lists the suites in their usual order, whichever finished first.
  const table = r.lines.filter((l) => /^(pass|mutants|early|late)\s+\d/.test(l)).map((l) => l.split(/\s+/)[0]);
  expect(table).toEqual(['pass', 'mutants', 'early', 'late']);
});

test('.ci/run prints the test command’s last line last and exits with its status', () => {
  // A copy of the repository's entry point in a scratch checkout, with npm, apt-get and pnpm stubbed on
  // PATH: pnpm install does nothing, `pnpm test` is the real scripts/test.mjs on fake suites.
  const repo = mkdtempSync(path.join(tmpdir(), 'signpost-ci-run-'));
  try {
    mkdirSync(path.join(repo, '.ci'));
    cpSync(path.join(ROOT, '.ci/run'), path.join(repo, '.ci/run'));
    const bin = path.join(repo, 'bin');
    mkdirSync(bin);
    const stub = (name: string, body: string) => {
      writeFileSync(path.join(bin, name), `#!/usr/bin/env bash\n${body}\n`);
      chmodSync(path.join(bin, name), 0o755);
    };
    stub('npm', 'exit 0');
    stub('apt-get', 'exit 0');
    stub(
      'pnpm',
      [
        'case "$1" in',
        '  install) echo "stub pnpm install"; exit "${STUB_INSTALL_STATUS:-0}";;',
        `  test) shift; SIGNPOST_TEST_OUT="$PWD/.tmp/test" exec "${process.execPath}" "${path.join(ROOT, 'scripts/test.mjs')}" --only="$STUB_SUITES";;`,
        'esac',
        'exit 0',
      ].join('\n'),
    );
    const ci = (suites: string, installStatus = 0) => {
      const r = spawnSync('bash', [path.join(repo, '.ci/run')], {
        env: {
          ...process.env,
          PATH: `${bin}:${process.env.PATH}`,
          SIGNPOST_TEST_SUITES: FAKE,
          STUB_SUITES: suites,
          STUB_INSTALL_STATUS: String(installStatus),
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      // stdout and stderr as a terminal shows them; .ci/run's own messages go to both.
      const lines = `${r.stdout}`.trimEnd().split('\n');
      return { status: r.status, last: lines[lines.length - 1], stderr: r.stderr };
    };

    const green = ci('pass');
    expect(green.last).toBe('2 passed, 0 failed');
    expect(green.status).toBe(0);

    const red = ci('pass,crash');
    expect(red.last).toMatch(CI_LAST_LINE);
    expect(failedOf(red.last)).toBeGreaterThan(0);
    expect(red.status).not.toBe(0);

    // pnpm install fails: no suite reports, .ci/run says why and fails.
    const broken = ci('pass', 1);
    expect(broken.status).not.toBe(0);
    expect(broken.last).not.toMatch(CI_LAST_LINE);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}, 60_000);
