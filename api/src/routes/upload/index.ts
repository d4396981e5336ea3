import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  UPLOAD_DEFAULT_MAX_BYTES,
  UPLOAD_DEFAULT_MAX_PIXELS,
  UPLOAD_DEFAULT_QUOTA_BYTES,
  UPLOAD_FIELD,
  UPLOAD_FILE_NAME_MESSAGE,
  UPLOAD_MALFORMED_MESSAGE,
  UPLOAD_MISSING_MESSAGE,
  UPLOAD_QUOTA_MESSAGE,
  UPLOAD_SUCCESS_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_TYPE_MESSAGE,
  uploadImageCall,
} from 'contracts';
import type { AppContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { caller, activeWebsiteOf } from '../../plugins/access';
import { serve } from '../../http/serve';
import { uploadsStore, type UploadRow } from '../../stores/uploads';
import { errorResponses, PUBLIC, zod } from '../shared';
import { reencodeImage, type ImageExt } from './reencode';

/**
 * Image upload (POST /api/upload, multipart) and the public address the
 * stored files are served from (GET /uploads/{file}): icons of push notifications, popup background
 * images and image blocks, which customer websites show to their visitors.
 *
 * Settings (read here rather than in config.ts: only this call uses them):
 *   UPLOAD_DIR        where files are stored (default `<DATA_DIR>/uploads`);
 *   UPLOAD_MAX_BYTES  largest accepted file (default 2 MiB);
 *   UPLOAD_MAX_PIXELS largest decoded image, width × height (default 40 million);
 *   UPLOAD_QUOTA_BYTES_PER_ORGANISATION  bytes of stored images per organisation, all its websites
 *                     together (default 100 MiB; the former UPLOAD_QUOTA_BYTES_PER_WEBSITE is read
 *                     when it is not set);
 *   PUBLIC_API_URL    the API's public origin for the answered URL (default: the request's own origin).
 */
export function uploadSettings(dataDir: string, env: NodeJS.ProcessEnv = process.env) {
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    dir: path.resolve(env.UPLOAD_DIR?.trim() || path.join(dataDir, 'uploads')),
    maxBytes: positive(env.UPLOAD_MAX_BYTES, UPLOAD_DEFAULT_MAX_BYTES),
    maxPixels: positive(env.UPLOAD_MAX_PIXELS, UPLOAD_DEFAULT_MAX_PIXELS),
    quotaBytes: positive(env.UPLOAD_QUOTA_BYTES_PER_ORGANISATION ?? env.UPLOAD_QUOTA_BYTES_PER_WEBSITE, UPLOAD_DEFAULT_QUOTA_BYTES),
    publicApiUrl: env.PUBLIC_API_URL?.trim().replace(/\/+$/, '') || null,
  };
}

/**
 * The accepted types, recognised by their first bytes, never by the declared type or the file name
 * (both are the client's word). SVG is refused on purpose: it is a document that can carry script,
 * and served from the API's origin it would run there.
 */
const SIGNATURES: { mime: string; ext: ImageExt; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/png', ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', ext: 'gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { mime: 'image/webp', ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];
const MIME_OF_EXT: Record<string, string> = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.mime]));

export function sniffImage(bytes: Buffer) {
  return SIGNATURES.find((s) => s.test(bytes)) ?? null;
}

/** Stored names are `<uuid>.<ext>`: nothing else is ever looked up on disk (no path tricks). */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

/** 413 like a file over the size limit: the organisation cannot take this many more bytes. */
const quotaFull = () => new HttpError(413, UPLOAD_QUOTA_MESSAGE, { [UPLOAD_FIELD]: UPLOAD_QUOTA_MESSAGE });

const tooLarge = (maxBytes: number) => new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE, { [UPLOAD_FIELD]: { code: 'images.tooLargeBytes', params: { maxBytes } } });

/**
 * The client's file name is kept (shown back, up to 200 characters) but a NUL cannot be stored in a
 * PostgreSQL text: refused like any other unstorable text, on the file field.
 */
const badFileName = () => badRequest(UPLOAD_FILE_NAME_MESSAGE, { [UPLOAD_FIELD]: UPLOAD_FILE_NAME_MESSAGE });

const malformedUpload = () => badRequest(UPLOAD_MALFORMED_MESSAGE, { [UPLOAD_FIELD]: UPLOAD_MALFORMED_MESSAGE });

/** Removes stored files (their rows already gone); a file missing already is fine. */
export async function removeUploadedFiles(dir: string, keys: string[]): Promise<void> {
  await Promise.all(keys.filter((key) => STORED_NAME.test(key)).map((key) => rm(path.join(dir, key), { force: true })));
}

function publicUrl(request: FastifyRequest, base: string | null, key: string) {
  return `${base ?? `${request.protocol}://${request.host}`}/uploads/${key}`;
}

export function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = uploadSettings(ctx.config.dataDir);

  // Multipart parsing only in this scope: no other route accepts multipart bodies.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: settings.maxBytes, files: 1, fields: 5, parts: 6 } });

    // Any signed-in member with a website may upload (create_upload); every editor that takes an
    // image needs it. The image is decoded and encoded again in the same format (metadata dropped,
    // animation kept), so the stored file is never the uploaded bytes; 400 when it does not decode or
    // has too many pixels, 413 when it is too large or the organisation's storage quota is full.
    serve(scope, uploadImageCall, async (request) => {
      const website = activeWebsiteOf(request);
      const auth = caller(request);
      if (!request.isMultipart()) throw badRequest(UPLOAD_MISSING_MESSAGE, { [UPLOAD_FIELD]: UPLOAD_MISSING_MESSAGE });
      let filename: string;
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== UPLOAD_FIELD) throw badRequest(UPLOAD_MISSING_MESSAGE, { [UPLOAD_FIELD]: UPLOAD_MISSING_MESSAGE });
        filename = file.filename;
        if (filename.includes('\u0000')) throw badFileName();
        // Buffered (2 MiB by default) so nothing reaches the disk before it is fully checked.
        bytes = await file.toBuffer();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooLarge(settings.maxBytes);
        if (err instanceof HttpError) throw err;
        // Anything else here is the parser refusing the body (no boundary, a truncated part, a
        // malformed part header): the client's mistake, never a 500.
        throw malformedUpload();
      }
      const type = sniffImage(bytes);
      if (!type) throw badRequest(UPLOAD_TYPE_MESSAGE, { [UPLOAD_FIELD]: UPLOAD_TYPE_MESSAGE });
      // What is stored and counted is the re-encoded image, never the client's bytes.
      bytes = await reencodeImage(bytes, type.ext, settings.maxPixels);
      if (bytes.length > settings.quotaBytes) throw quotaFull();

      await mkdir(settings.dir, { recursive: true });
      const id = randomUUID();
      const key = `${id}.${type.ext}`;
      // Written under a temporary name, then renamed inside the row's transaction: a reader never
      // sees half a file, and a failure anywhere leaves neither a row nor a file behind.
      const tmp = path.join(settings.dir, `.${key}.tmp`);
      await writeFile(tmp, bytes, { flag: 'wx' });
      let row: UploadRow | null;
      try {
        row = await uploadsStore(ctx.db, auth.organisationId, website.id).insertWithinQuota(
          {
            id,
            uploadedBy: auth.userId,
            storageKey: key,
            originalName: (filename || 'image').slice(0, 200),
            mimeType: type.mime,
            size: bytes.length,
          },
          settings.quotaBytes,
          () => rename(tmp, path.join(settings.dir, key)),
        );
      } finally {
        await rm(tmp, { force: true });
      }
      if (!row) throw quotaFull();
      return {
        message: UPLOAD_SUCCESS_MESSAGE,
        data: {
          _id: row.id,
          url: publicUrl(request, settings.publicApiUrl, row.storageKey),
          mimeType: row.mimeType,
          size: row.size,
          originalName: row.originalName,
        },
      };
    });
  });

  /**
   * GET /uploads/{file}: public, since visitors' browsers load these images from customer websites.
   * The type comes from the stored (sniffed) extension; `nosniff` stops a browser from guessing
   * another one, the CSP and sandbox stop anything opened directly from running, and the content
   * never changes under a name (new upload, new uuid), so it may be cached for a year.
   */
  zod(app).get(
    '/uploads/:file',
    {
      config: PUBLIC,
      schema: {
        tags: ['upload'],
        summary: 'An uploaded image',
        params: z.object({ file: z.string().max(64) }),
        response: errorResponses(404),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!STORED_NAME.test(file)) throw notFound('images.notFound');
      const full = path.join(settings.dir, file);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) throw notFound('images.notFound');
      return reply
        .header('content-type', MIME_OF_EXT[file.split('.').pop()!])
        .header('content-length', info.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(full) as never); // a stream body: the typed reply only knows the JSON errors
    },
  );
}
