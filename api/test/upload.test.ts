import { readdir } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { UPLOAD_DEFAULT_MAX_BYTES, UPLOAD_DEFAULT_MAX_PIXELS, UPLOAD_DEFAULT_QUOTA_BYTES } from 'contracts';
import { createTestApp, randomId, type TestApp, type TestUser } from './support/test-app';
import { uploads, websites } from '../src/db/schema';

/** POST /api/upload and the public GET /uploads/{file}. */
let t: TestApp;
let user: TestUser;
/** Real images (the upload decodes them): a 16×16 PNG and JPEG. */
let PNG: Buffer;
let JPEG: Buffer;
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 22, g: 119, b: 255 } } });
beforeAll(async () => {
  t = await createTestApp();
  // Any signed-in member with a website may upload: no permission at all.
  user = await t.createUser({ permissions: ['create_upload'] });
  PNG = await solid(16, 16).png().toBuffer();
  JPEG = await solid(16, 16).jpeg().toBuffer();
});
afterAll(() => t?.close());
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

test('a PNG is stored and served back: 201 "Image uploaded sucessfully", the URL answers the stored image with safe headers', async () => {
  const res = await upload(PNG, 'logo.png', 'image/png');
  expect(res.statusCode).toBe(201);
  const body = res.json();
  expect(body).toEqual({
    message: 'Image uploaded sucessfully',
    data: {
      _id: expect.any(String),
      url: expect.stringMatching(/^http:\/\/[^/]+\/uploads\/[0-9a-f-]{36}\.png$/),
      mimeType: 'image/png',
      size: expect.any(Number),
      originalName: 'logo.png',
    },
  });
  const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.id, body.data._id));
  expect(row).toMatchObject({
    organisationId: user.organisationId,
    websiteId: user.websiteId,
    uploadedBy: user.id,
    mimeType: 'image/png',
    size: body.data.size,
  });

  const served = await t.request({ method: 'GET', url: new URL(body.data.url).pathname });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.length).toBe(body.data.size);
  expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 16, height: 16 });
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
  expect(uploadSettings('/data', {})).toEqual({
    dir: path.resolve('/data/uploads'),
    maxBytes: UPLOAD_DEFAULT_MAX_BYTES,
    maxPixels: UPLOAD_DEFAULT_MAX_PIXELS,
    quotaBytes: 100 * 1024 * 1024,
    publicApiUrl: null,
  });
  expect(
    uploadSettings('/data', {
      UPLOAD_DIR: '/srv/images',
      UPLOAD_MAX_BYTES: '1000',
      UPLOAD_MAX_PIXELS: '4000000',
      UPLOAD_QUOTA_BYTES_PER_ORGANISATION: '5000000',
      PUBLIC_API_URL: 'https://api.example.test/',
    }),
  ).toEqual({
    dir: '/srv/images',
    maxBytes: 1000,
    maxPixels: 4_000_000,
    quotaBytes: 5_000_000,
    publicApiUrl: 'https://api.example.test',
  });
  expect(uploadSettings('/data', { UPLOAD_MAX_BYTES: 'lots' }).maxBytes).toBe(UPLOAD_DEFAULT_MAX_BYTES);
  expect(uploadSettings('/data', { UPLOAD_QUOTA_BYTES_PER_ORGANISATION: '-1' }).quotaBytes).toBe(UPLOAD_DEFAULT_QUOTA_BYTES);
  // The setting's former name still works when the new one is not set.
  expect(uploadSettings('/data', { UPLOAD_QUOTA_BYTES_PER_WEBSITE: '7000' }).quotaBytes).toBe(7000);
});

test('a NUL byte in the file name → 400 with a translated message on the file field, nothing stored', async () => {
  const before = await stored();
  const res = await upload(PNG, 'a\u0000b.png', 'image/png');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    message: 'The file name contains characters that cannot be stored',
    errors: { file: 'The file name contains characters that cannot be stored' },
  });
  expect(await stored()).toEqual(before);
});

describe('re-encoding: the stored file is an image we wrote, never the uploaded bytes', () => {
  const storedBytes = async (url: string) => (await t.request({ method: 'GET', url: new URL(url).pathname })).rawPayload;

  test('a PNG polyglot (HTML and a ZIP-like payload after IEND, text chunks) is stored without its payload, and decodes', async () => {
    const payload = Buffer.from('<html><script>alert(document.domain)</script></html>PK\u0003\u0004polyglot-payload');
    const withText = await solid(32, 24)
      .png()
      .withMetadata()
      .withExif({ IFD0: { Copyright: 'secret-exif-marker', ImageDescription: 'secret-exif-marker' } })
      .toBuffer();
    const polyglot = Buffer.concat([withText, payload]);
    expect(polyglot.includes(Buffer.from('secret-exif-marker'))).toBe(true);
    const res = await upload(polyglot, 'poly.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const stored = await storedBytes(res.json().data.url);
    expect(stored.equals(polyglot)).toBe(false);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('polyglot-payload'))).toBe(false);
    expect(stored.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 32, height: 24 });
    expect(meta.exif).toBeUndefined();
    expect(res.json().data.size).toBe(stored.length);
  });

  test('JPEG metadata (EXIF with a camera and a GPS position) is stripped, and the photo keeps its orientation', async () => {
    // 40×20 pixels stored sideways with orientation 6 (rotate 90°): shown as 20×40.
    const photo = await solid(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'secret-camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(photo, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const stored = await storedBytes(res.json().data.url);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-camera'))).toBe(false);
  });

  test('an animated GIF stays animated (same frames and delays); WebP too, still or animated', async () => {
    // Three 8×8 frames (red, green, blue) with their own delays.
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((c) =>
        sharp({ create: { width: 8, height: 8, channels: 4, background: c } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 200, 300], loop: 0 })
      .toBuffer();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(3);
    const res = await upload(Buffer.concat([gif, Buffer.from('trailing-payload')]), 'anim.gif', 'image/gif');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.mimeType).toBe('image/gif');
    const stored = await storedBytes(res.json().data.url);
    expect(stored.includes(Buffer.from('trailing-payload'))).toBe(false);
    const meta = await sharp(stored, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 3, width: 8, pageHeight: 8, delay: [100, 200, 300] });

    const webp = await solid(10, 10).webp().toBuffer();
    const w = await upload(webp, 'x.webp', 'image/webp');
    expect(w.statusCode).toBe(201);
    expect(await sharp(await storedBytes(w.json().data.url)).metadata()).toMatchObject({ format: 'webp', width: 10, height: 10 });

    const animatedWebp = await sharp(frames, { join: { animated: true } })
      .webp({ delay: [50, 60, 70], loop: 2 })
      .toBuffer();
    const aw = await upload(animatedWebp, 'anim.webp', 'image/webp');
    expect(aw.statusCode).toBe(201);
    const awMeta = await sharp(await storedBytes(aw.json().data.url), { animated: true }).metadata();
    expect(awMeta).toMatchObject({ format: 'webp', pages: 3, pageHeight: 8, delay: [50, 60, 70], loop: 2 });
  });

  test('a decompression bomb (a tiny PNG declaring 20000×20000 pixels) → 400, nothing decoded or stored', async () => {
    const small = await solid(1, 1).png().toBuffer();
    // Rewrite IHDR's width and height (bytes 16-23) and its CRC: the file stays tiny.
    const bomb = Buffer.from(small);
    bomb.writeUInt32BE(20000, 16);
    bomb.writeUInt32BE(20000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    expect(20000 * 20000).toBeGreaterThan(UPLOAD_DEFAULT_MAX_PIXELS);
    const before = await stored();
    const res = await upload(bomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The image has too many pixels', errors: { file: 'The image has too many pixels' } });
    const fr = await t.request({
      method: 'POST',
      url: '/api/upload',
      ...(() => {
        const m = multipart(bomb, 'bomb.png', 'image/png');
        return { payload: m.payload, headers: { ...user.headers, ...m.headers, 'accept-language': 'fr' } };
      })(),
    });
    expect(fr.json().message).toBe("L'image comporte trop de pixels");
    const after = await stored();
    expect(after.rows).toBe(before.rows);
    expect(after.files.sort()).toEqual(before.files.sort());
  });

  test('a file that starts like a PNG but does not decode → 400 "The image could not be read"', async () => {
    const res = await upload(Buffer.concat([PNG.subarray(0, 40), Buffer.alloc(40, 7)]), 'broken.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The image could not be read');
  });
});

describe('per-organisation quota (UPLOAD_QUOTA_BYTES_PER_ORGANISATION, 100 MiB by default)', () => {
  const send = (who: TestUser, lang = 'en', website = who.websiteId) => {
    const m = multipart(PNG, 'logo.png', 'image/png');
    return t.request({
      method: 'POST',
      url: '/api/upload',
      payload: m.payload,
      headers: { ...who.headers, activewebsite: website, ...m.headers, 'accept-language': lang },
    });
  };
  const fill = (who: TestUser, size: number, websiteId: string | null = who.websiteId) =>
    t.ctx.db.insert(uploads).values({
      organisationId: who.organisationId,
      websiteId,
      uploadedBy: who.id,
      storageKey: 'earlier.png',
      originalName: 'earlier.png',
      mimeType: 'image/png',
      size,
    });
  /** A second website of the user's organisation. */
  async function secondWebsite(who: TestUser): Promise<string> {
    const [site] = await t.ctx.db
      .insert(websites)
      .values({ organisationId: who.organisationId, name: `Second ${randomId()}`, domain: `second-${randomId()}.example.test` })
      .returning();
    return site.id;
  }

  test('an upload that would pass the quota → 413 with a translated message, nothing stored; other organisations are not affected', async () => {
    const owner = await t.createUser({ permissions: ['create_upload'] });
    const other = await t.createUser({ permissions: ['create_upload'] });
    // The organisation already holds images up to 10 bytes under its quota (rows only: the sum is what counts).
    await fill(owner, UPLOAD_DEFAULT_QUOTA_BYTES - 10);
    expect(PNG.length).toBeGreaterThan(10);
    const countOf = (organisationId: string) => t.ctx.db.$count(uploads, eq(uploads.organisationId, organisationId));
    const filesBefore = (await stored()).files.length;
    const full = await send(owner);
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual({ message: "Your organisation's image storage is full", errors: { file: "Your organisation's image storage is full" } });
    expect((await send(owner, 'ar')).json().message).toBe('مساحة تخزين الصور لمؤسستك ممتلئة');
    expect(await countOf(owner.organisationId)).toBe(1);
    expect((await stored()).files.length).toBe(filesBefore);
    // The same file fits in another organisation, and counts there.
    const ok = await send(other);
    expect(ok.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.id, ok.json().data._id));
    expect(row).toMatchObject({ organisationId: other.organisationId, websiteId: other.websiteId });
  });

  test('a new website of the organisation brings no fresh room: images of all its websites count together', async () => {
    const owner = await t.createUser({ permissions: ['create_upload'] });
    await fill(owner, UPLOAD_DEFAULT_QUOTA_BYTES - 10);
    const second = await secondWebsite(owner);
    const res = await send(owner, 'en', second);
    expect(res.statusCode).toBe(413);
    expect(await t.ctx.db.$count(uploads, eq(uploads.websiteId, second))).toBe(0);
  });

  test('two uploads at once into the last free bytes, from two websites of the organisation: only one fits', async () => {
    // The first upload tells the stored size of this image; the filler leaves room for one and a half more.
    const owner = await t.createUser({ permissions: ['create_upload'] });
    const first = await send(owner);
    const size = first.json().data.size as number;
    await fill(owner, UPLOAD_DEFAULT_QUOTA_BYTES - size - Math.floor(size * 1.5));
    const second = await secondWebsite(owner);
    const answers = await Promise.all([send(owner), send(owner, 'en', second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413]);
  });

  test('deleting a website deletes its uploaded images, rows and files, and frees their room; other websites keep theirs', async () => {
    const owner = await t.createUser({ permissions: ['create_upload', 'delete_websites'] });
    const second = await secondWebsite(owner);
    const kept = await send(owner);
    const gone = await send(owner, 'en', second);
    expect([kept.statusCode, gone.statusCode]).toEqual([201, 201]);
    const fileOf = (res: { json(): { data: { url: string } } }) => path.basename(new URL(res.json().data.url).pathname);
    expect((await stored()).files).toEqual(expect.arrayContaining([fileOf(kept), fileOf(gone)]));
    // The organisation is full once counting the second website's image.
    await fill(owner, UPLOAD_DEFAULT_QUOTA_BYTES - 2 * (kept.json().data.size as number) - 1, null);
    expect((await send(owner)).statusCode).toBe(413);

    const del = await t.request({ method: 'DELETE', url: '/api/websites', headers: owner.headers, payload: { websites: [second] } });
    expect(del.statusCode).toBe(200);
    expect(await t.ctx.db.$count(uploads, eq(uploads.id, gone.json().data._id))).toBe(0);
    expect(await t.ctx.db.$count(uploads, eq(uploads.id, kept.json().data._id))).toBe(1);
    const files = (await stored()).files;
    expect(files).not.toContain(fileOf(gone));
    expect(files).toContain(fileOf(kept));
    expect((await t.request({ method: 'GET', url: new URL(gone.json().data.url).pathname })).statusCode).toBe(404);
    // Its room is free again.
    expect((await send(owner)).statusCode).toBe(201);
  });
});
