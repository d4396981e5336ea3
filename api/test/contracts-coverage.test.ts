import * as contracts from 'contracts';
import type { CallDefinition } from 'contracts';
import { withTestApp, createTestApp, type TestApp } from './support/test-app';

/**
 * Each call is defined once, in `contracts`, and the API serves exactly those.
 * - every call definition exported by `contracts` is served (same method, same path);
 * - every route the API registers under /api/ comes from a call definition: the access plugin
 *   refuses, at start-up, a route registered without one (so this file's app building at all is the
 *   proof for the product's routes, and the last test proves the refusal).
 */
const isCall = (value: unknown): value is CallDefinition =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as CallDefinition).path === 'string' &&
  typeof (value as CallDefinition).method === 'string' &&
  'access' in value;
const CALLS: [string, CallDefinition][] = (Object.entries(contracts) as [string, unknown][]).flatMap(([name, value]) => (isCall(value) ? [[name, value]] : []));

let t: TestApp;
withTestApp((app) => (t = app));

test('contracts define many calls, each once (no two share a method and path)', () => {
  expect(CALLS.length).toBeGreaterThan(80);
  const keys = CALLS.map(([, c]) => `${c.method} ${c.path}`);
  expect(keys.length - new Set(keys).size).toBe(0);
});

test.each(CALLS.map(([name, call]) => [name, call] as const))('%s is served by the API', (_name, call) => {
  expect(t.app.hasRoute({ method: call.method, url: call.path })).toBe(true);
});

test('a route registered without a call definition is refused at start-up', async () => {
  await expect(
    createTestApp({
      register: (app) => {
        app.get('/api/not-in-contracts', { config: { auth: false, permission: null, website: false } }, async () => ({ ok: true }));
      },
    }),
  ).rejects.toThrow(/call definition/);
});
