'use strict';
/**
 * One setting for the tests' fixed time budgets (Jest's test time-out, Playwright's time-outs, the
 * waits of tests that give a process so long to do something): SIGNPOST_TEST_TIME_SCALE=2 doubles
 * them all on a slow or busy machine instead of each test being tuned for the fastest one. Absent,
 * not a number or not above 0: 1. It only ever gives a test more time, never asks less of it.
 */
function testTimeScale(env = process.env) {
  const value = Number(env.SIGNPOST_TEST_TIME_SCALE);
  return Number.isFinite(value) && value > 0 ? Math.max(1, value) : 1;
}

/** `ms` times the scale, rounded to a whole millisecond. */
function scaled(ms, env = process.env) {
  return Math.round(ms * testTimeScale(env));
}

exports.testTimeScale = testTimeScale;
exports.scaled = scaled;
