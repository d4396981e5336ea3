import { z } from 'zod';
import { defineCall, PUBLIC_ACCESS } from 'contracts';
import { serve } from '../src/http/serve';
import { createTestApp, type TestApp } from './support/test-app';

/** A call whose handler fails unexpectedly: what a bug looks like to a client. */
const boomCall = defineCall({
  method: 'GET',
  path: '/api/test/boom',
  access: PUBLIC_ACCESS,
  summary: 'Test: an unexpected failure',
  tag: 'test',
  response: z.object({}),
  errors: [],
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    register: (app) => {
      serve(app, boomCall, async () => {
        throw new Error('secret internal detail at /srv/db.ts:42');
      });
    },
  });
});
afterAll(() => t?.close());

test('validation errors answer 400 with one message per field (dotted paths), never a stack', async () => {
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } });
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body).toEqual({
    message: 'Please check the highlighted fields',
    errors: { email: 'Please enter a valid email', password: 'Please enter password' },
  });
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
});

test('query-string validation uses the same shape', async () => {
  const u = await t.createUser({ permissions: ['get_role'] });
  const res = await t.request({ method: 'GET', url: '/api/roles?page=0&pageSize=abc', headers: u.headers });
  expect(res.statusCode).toBe(400);
  expect(Object.keys(res.json().errors).sort()).toEqual(['page', 'pageSize']);
});

test('malformed JSON → 400 with a message', async () => {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email":',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: expect.any(String) });
});

test('a bug answers 500 without its internals', async () => {
  const res = await t.request({ method: 'GET', url: '/api/test/boom' });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ message: 'Something went wrong' });
});

test('unknown routes answer 404 in the error shape', async () => {
  const res = await t.request({ method: 'GET', url: '/api/nope' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: expect.stringContaining('not found') });
});

test('the OpenAPI document and the docs page are served', async () => {
  const doc = await t.request({ method: 'GET', url: '/api/docs/json' });
  expect(doc.statusCode).toBe(200);
  const json = doc.json();
  expect(json.paths['/api/auth/login'].post.requestBody).toBeDefined();
  expect(json.paths['/api/roles'].get.security).toEqual([{ bearerAuth: [] }]);
  const page = await t.request({ method: 'GET', url: '/api/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
});

test('CORS allows the console origins and the Activewebsite header', async () => {
  const res = await t.request({
    method: 'OPTIONS',
    url: '/api/users/me',
    headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,activewebsite' },
  });
  expect(res.statusCode).toBe(204);
  expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  expect(String(res.headers['access-control-allow-headers'])).toMatch(/Activewebsite/);
  // The installation guide's check sends the website's public key.
  expect(String(res.headers['access-control-allow-headers'])).toMatch(/X-Client-Id/);
  const foreign = await t.request({ method: 'OPTIONS', url: '/api/users/me', headers: { origin: 'http://evil.test', 'access-control-request-method': 'GET' } });
  expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
});
