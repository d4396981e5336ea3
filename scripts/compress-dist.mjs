#!/usr/bin/env node
// Usage: node scripts/compress-dist.mjs <dir> [<dir> ...]
//
// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every
// .js/.css/.json/.html/.svg file under each dir. Each app's build calls it on its dist/, and
// tooling/serve/static-server.mjs sends these siblings to clients that accept them
// (`preCompressed: true`): maximum compression once at build time instead of cheap compression on
// every request. Idempotent: existing .br/.gz files are rewritten, never compressed themselves.
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Source maps are left out (production builds emit none; a development build's are for devtools only).
const COMPRESSIBLE = /\.(?:m?js|cjs|css|json|html|svg|txt)$/i;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compress every matching file under `dir`; resolves to { files, bytes, br, gz } totals. */
export async function compressDist(dir) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const jobs = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        const data = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              // Every compressible type here is text.
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          }),
          gzip(data, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        totals.files += 1;
        totals.bytes += data.length;
        totals.br += br.length;
        totals.gz += gz.length;
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/compress-dist.mjs <dir> [<dir> ...]');
    process.exit(2);
  }
  for (const dir of dirs) {
    const st = await stat(dir).catch(() => null);
    if (!st?.isDirectory()) {
      console.error(`compress-dist: ${dir} is not a directory`);
      process.exit(1);
    }
    const t = await compressDist(dir);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`compress-dist: ${dir}: ${t.files} files, ${kb(t.bytes)} → br ${kb(t.br)}, gz ${kb(t.gz)}`);
  }
}
