import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { UPLOAD_DEFAULT_MAX_BYTES } from 'contracts';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';
import { uploads } from '../src/db/schema';

/** POST /api/upload (issue 5, item 5) and the public GET /uploads/{file}. */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  // Any signed-in member with a website may upload: no permission at all.
  user = await t.createUser({ permissions: [] });
});
afterAll(() => t?.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function multipart(file: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----signpost${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (file: Buffer, filename: string, contentType: string, field?: string) => {
  const m = multipart(file, filename, contentType, field);
  return t.request({ method: 'POST', url: '/api/upload', payload: m.payload, headers: { ...user.headers, ...m.headers } });
};

const storeDir = () => path.join(t.config.dataDir, 'uploads');
const stored = async () => ({
  rows: await t.ctx.db.$count(uploads, eq(uploads.organisationId, user.organisationId)),
  files: await readdir(storeDir()).catch(() => [] as string[]),
});

test('a PNG is stored and served back: 201 "Image uploaded sucessfully", the URL answers the same bytes with safe headers', async () => {
  const res = await upload(PNG, 'logo.png', 'image/png');
  expect(res.statusCode).toBe(201);
  const body = res.json();
  expect(body).toEqual({
    message: 'Image uploaded sucessfully',
    data: {
      _id: expect.any(String),
      url: expect.stringMatching(/^http:\/\/[^/]+\/uploads\/[0-9a-f-]{36}\.png$/),
      mimeType: 'image/png',
      size: PNG.length,
      originalName: 'logo.png',
    },
  });
  const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.id, body.data._id));
  expect(row).toMatchObject({ organisationId: user.organisationId, uploadedBy: user.id, mimeType: 'image/png', size: PNG.length });

  const served = await t.request({ method: 'GET', url: new URL(body.data.url).pathname });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.equals(PNG)).toBe(true);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(served.headers['cache-control']).toContain('max-age=31536000');
  expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
});

test('the type is read from the bytes, not from the declared type or the name', async () => {
  const res = await upload(JPEG, 'photo.png', 'image/png');
  expect(res.statusCode).toBe(201);
  expect(res.json().data).toMatchObject({ mimeType: 'image/jpeg', url: expect.stringMatching(/\.jpg$/) });
});

test('wrong type (SVG, text declared as PNG) → 400 and nothing stored; over the size limit → 413 and nothing stored', async () => {
  const before = await stored();
  for (const [file, name, type] of [
    [SVG, 'x.svg', 'image/svg+xml'],
    [Buffer.from('hello, not an image'), 'x.png', 'image/png'],
  ] as const) {
    const res = await upload(file, name, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Only PNG, JPEG, GIF or WebP images can be uploaded',
      errors: { file: 'Only PNG, JPEG, GIF or WebP images can be uploaded' },
    });
  }
  const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_DEFAULT_MAX_BYTES, 0)]);
  const tooBig = await upload(big, 'big.png', 'image/png');
  expect(tooBig.statusCode).toBe(413);
  expect(tooBig.json().message).toBe('The image is too large');
  const after = await stored();
  expect(after.rows).toBe(before.rows);
  expect(after.files.sort()).toEqual(before.files.sort());
});

test('no file, or a file under another field name → 400 "Please choose an image"', async () => {
  const json = await t.request({ method: 'POST', url: '/api/upload', payload: { file: 'x' }, headers: user.headers });
  expect(json.statusCode).toBe(400);
  expect(json.json().message).toBe('Please choose an image');
  const other = await upload(PNG, 'a.png', 'image/png', 'image');
  expect(other.statusCode).toBe(400);
});

test('GET /uploads/{file}: unknown or malformed names → 404, never a path outside the store', async () => {
  for (const url of ['/uploads/00000000-0000-4000-8000-000000000000.png', '/uploads/..%2F..%2Fauth-secret', '/uploads/x.svg']) {
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  }
});

test('without a token → 401, without a website → 400', async () => {
  const m = multipart(PNG, 'a.png', 'image/png');
  expect((await t.request({ method: 'POST', url: '/api/upload', payload: m.payload, headers: m.headers })).statusCode).toBe(401);
  const noSite = await t.request({
    method: 'POST',
    url: '/api/upload',
    payload: m.payload,
    headers: { ...m.headers, authorization: user.headers.authorization },
  });
  expect(noSite.statusCode).toBe(400);
});

test('UPLOAD_DIR, UPLOAD_MAX_BYTES and PUBLIC_API_URL are read from the environment, with safe defaults', async () => {
  const { uploadSettings } = await import('../src/routes/upload');
  expect(uploadSettings('/data', {})).toEqual({ dir: path.resolve('/data/uploads'), maxBytes: UPLOAD_DEFAULT_MAX_BYTES, publicApiUrl: null });
  expect(uploadSettings('/data', { UPLOAD_DIR: '/srv/images', UPLOAD_MAX_BYTES: '1000', PUBLIC_API_URL: 'https://api.example.test/' })).toEqual({
    dir: '/srv/images',
    maxBytes: 1000,
    publicApiUrl: 'https://api.example.test',
  });
  expect(uploadSettings('/data', { UPLOAD_MAX_BYTES: 'lots' }).maxBytes).toBe(UPLOAD_DEFAULT_MAX_BYTES);
});
