/**
 * Which way the API's layers may import, so each folder can be read without the ones above it:
 * - the stores (`api/src/stores`: the SQL) import no route, delivery, plugin or HTTP module: they
 *   answer whoever asks, and a store that reached up into a route would tie the data to one call;
 * - `api/` never imports from `scripts/` (the repository's start, test and bench scripts), and
 *   `scripts/` takes from `api/` only its entry points under `api/scripts/` (the throwaway
 *   PostgreSQL); the built API itself is started as a process, not imported. One direction, so
 *   either side can change its insides without breaking the other.
 * Every relative import counts (static, `export … from`, literal dynamic `import('…')`, type-only
 * included): a type import ties the designs together all the same. There is no allow-list.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATED_FOLDERS, importedPaths, sourceFiles } from './source-files';

const root = path.resolve(__dirname, '../..');
/** A relative import as a path from the repository's root (its extension left as written: folders are what the rules name). */
const target = (file: string, spec: string) =>
  path
    .relative(root, path.resolve(path.dirname(file), spec))
    .split(path.sep)
    .join('/');

const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

/** What a module at `file` (from the root, `/`-separated) may not import, as a reason, or null when `to` is allowed. */
export function refusal(file: string, to: string): string | null {
  if (under(file, 'api/src/stores')) {
    const upper = ['api/src/routes', 'api/src/delivery', 'api/src/plugins', 'api/src/http'].find((folder) => under(to, folder));
    if (upper) return `a store imports from ${upper}`;
  }
  if (under(file, 'api') && under(to, 'scripts')) return 'api/ imports from scripts/';
  if (under(file, 'scripts') && under(to, 'api') && !under(to, 'api/scripts')) return 'scripts/ imports from api/ other than its entry points (api/scripts/)';
  return null;
}

/** `file → imported (reason)` for every import of these modules the rules refuse. */
function refusedImports(files: string[]): string[] {
  return files.flatMap((file) => {
    const from = path.relative(root, file).split(path.sep).join('/');
    return importedPaths(readFileSync(file, 'utf8')).flatMap((spec) => {
      const why = refusal(from, target(file, spec));
      return why ? [`${from} → ${spec} (${why})`] : [];
    });
  });
}

test('the rules refuse what they name and let the rest through', () => {
  expect(refusal('api/src/stores/campaigns.ts', 'api/src/routes/campaigns/kinds')).toBe('a store imports from api/src/routes');
  expect(refusal('api/src/stores/x.ts', 'api/src/delivery/decide')).toBe('a store imports from api/src/delivery');
  expect(refusal('api/bench/lib.mjs', 'scripts/lib/product.mjs')).toBe('api/ imports from scripts/');
  expect(refusal('scripts/lib/x.mjs', 'api/src/app.ts')).toBe('scripts/ imports from api/ other than its entry points (api/scripts/)');
  expect(refusal('scripts/lib/pg-throwaway.mjs', 'api/scripts/pg-throwaway.mjs')).toBeNull();
  expect(refusal('api/src/routes/tags/index.ts', 'api/src/stores/tags')).toBeNull();
  expect(refusal('api/src/stores/campaigns.ts', 'api/src/services/campaign-kinds')).toBeNull();
  expect(refusal('api/src/stores/routes-like.ts', 'api/src/stores/routes')).toBeNull();
  expect(importedPaths("import type { K } from '../routes/k';\n// import { a } from '../../scripts/a.mjs';\nawait import('../x.mjs');")).toEqual([
    '../routes/k',
    '../x.mjs',
  ]);
});

test('stores never import routes, and api/ and scripts/ import each other one way only', () => {
  const sources = (dir: string) => sourceFiles(path.join(root, dir), { skip: [...GENERATED_FOLDERS, 'drizzle'] });
  const files = [...sources('api'), ...sources('scripts')];
  expect(files.filter((file) => file.includes(`${path.sep}stores${path.sep}`)).length).toBeGreaterThan(10);
  expect(refusedImports(files)).toEqual([]);
});
