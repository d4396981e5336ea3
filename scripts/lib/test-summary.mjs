// How scripts/test.mjs turns each suite's own report into counts, and the counts into its table and
// its one last line. Kept apart from the suites so tooling/checks/test-runner.test.ts can prove
// that a suite which crashes, reports no test or is skipped never ends green.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** What CI reads: `N passed, N failed`, `, N skipped` optionally after, one word and a colon optionally before. */
export const LAST_LINE = /^(?:[A-Za-z]+: )?\d+ passed, \d+ failed(?:, \d+ skipped)?$/;

export const exited = (code) => (code === 124 ? 'timed out' : `exited with code ${code}`);

const readJson = async (file) => JSON.parse(await readFile(file, 'utf8'));

/** Counts from a Jest --json report; a file that failed to run has no tests but is a failure. */
export async function jestCounts(file, code) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, note: `jest ${exited(code)} before reporting` };
  const r = await readJson(file);
  const failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  const result = { passed: r.numPassedTests, failed, skipped: r.numPendingTests + (r.numTodoTests ?? 0) };
  if (r.numRuntimeErrorTestSuites) result.note = `${r.numRuntimeErrorTestSuites} test file(s) failed to run`;
  if (code !== 0 && result.failed === 0) return { ...result, failed: 1, note: `jest ${exited(code)}` };
  return result;
}

/**
 * Counts from the mutation check's report (scripts/mutations.mjs --report): a caught mutation is a
 * passed test, one that survived or could not run a failed one.
 */
export async function mutationCounts(file, code) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, note: `mutations ${exited(code)} before reporting` };
  const r = await readJson(file);
  const result = { passed: r.caught ?? 0, failed: (r.survived ?? 0) + (r.errors ?? 0), skipped: 0 };
  const notes = [r.survived && `${r.survived} survived`, r.errors && `${r.errors} could not run`].filter(Boolean);
  if (code !== 0 && result.failed === 0) {
    result.failed = 1;
    notes.push(`mutations ${exited(code)}`);
  }
  if (notes.length) result.note = notes.join('; ');
  return result;
}

/** The titles of the tests of a Playwright JSON report that passed only on a retry. */
function flakyTitles(report) {
  const titles = [];
  const walk = (suite, path) => {
    const here = suite.title && !suite.file?.endsWith(suite.title) ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((t) => t.status === 'flaky')) titles.push([spec.file ?? suite.file, ...here, spec.title].filter(Boolean).join(' › '));
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return titles;
}

/** Counts from a Playwright JSON report; tests that passed on a retry count as passed and are named in `flaky`. */
export async function playwrightCounts(file, code) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, note: `playwright ${exited(code)} before reporting` };
  const report = await readJson(file);
  const { stats = {}, errors = [] } = report;
  const result = {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + errors.length, // errors: global setup or a file that failed to load
    skipped: stats.skipped ?? 0,
  };
  const notes = [];
  if (stats.flaky) {
    notes.push(`${stats.flaky} flaky (passed on retry)`);
    const titles = flakyTitles(report);
    result.flaky = titles.length ? titles : Array.from({ length: stats.flaky }, () => '(a test the report does not name)');
  }
  if (errors.length) notes.push(`${errors.length} error(s) outside tests`);
  if (code !== 0 && result.failed === 0) {
    result.failed = 1;
    notes.push(`playwright ${exited(code)}`);
  }
  if (notes.length) result.note = notes.join('; ');
  return result;
}

/**
 * A suite that ran no test (skipped, none found, or a count of zero) proves nothing: it counts as
 * one failed test, so the run cannot end green without it.
 */
export function settle(result) {
  if (result.passed + result.failed > 0) return result;
  return { ...result, failed: 1, note: [result.note, 'ran no test: counts as failed'].filter(Boolean).join('; ') };
}

/**
 * The table (one row per suite, then the total), the flaky tests if any, and the last line. A run
 * with flaky tests names them on the line before the last, and the last line starts with `flaky: `
 * (the one word the CI format allows there), its numbers unchanged.
 */
export function summarize(results, { interrupted = false, seconds = 0, paint = {} } = {}) {
  const { bold = String, red = String, green = String, yellow = String } = paint;
  const rows = Object.entries(results);
  const total = rows.reduce((acc, [, r]) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed, skipped: acc.skipped + r.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });
  const pad = (s, n) => String(s).padEnd(n);
  const lpad = (s, n) => String(s).padStart(n);
  const lines = [`\n${bold('Summary')}${interrupted ? red(' (interrupted)') : ''}`];
  lines.push(`${pad('suite', 10)} ${lpad('passed', 7)} ${lpad('failed', 7)} ${lpad('skipped', 8)} ${lpad('time', 6)}  notes`);
  for (const [name, r] of rows) {
    const mark = r.failed ? red(pad(name, 10)) : r.passed ? green(pad(name, 10)) : yellow(pad(name, 10));
    lines.push(`${mark} ${lpad(r.passed, 7)} ${lpad(r.failed, 7)} ${lpad(r.skipped, 8)} ${lpad(`${r.seconds ?? 0}s`, 6)}  ${r.note ?? ''}`);
  }
  lines.push(`${pad('total', 10)} ${lpad(total.passed, 7)} ${lpad(total.failed, 7)} ${lpad(total.skipped, 8)} ${lpad(`${seconds}s`, 6)}`);
  if (interrupted) total.failed += 1; // an interrupted run never reports success
  const flaky = rows.flatMap(([name, r]) => (r.flaky ?? []).map((title) => `${name}: ${title}`));
  if (flaky.length) {
    lines.push(yellow(`${flaky.length} flaky (failed, then passed on retry; counted as passed): ${flaky.join(' | ')}`));
  }
  const counts = `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`;
  const last = flaky.length ? `flaky: ${counts}` : counts;
  return { lines, last, exitCode: total.failed > 0 ? 1 : 0 };
}
