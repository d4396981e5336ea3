/**
 * Every call is defined once, in `contracts`; browser code builds its URLs from
 * those definitions (`callApi`, `callUrl`) and never writes an `/api/…` path itself. This reads every
 * source file of the browser packages (tests excepted: their fake servers may name URLs) and fails on
 * any string literal holding `/api/`. Comments may still say which call a file makes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './source-files';
import { withoutComments } from './source-text';

const root = path.resolve(__dirname, '../..');
const BROWSER_PACKAGES = readdirSync(root).filter(
  (name) => /^(host|remote-.+|shared-.+|website-script|demo-site)$/.test(name) && statSync(path.join(root, name)).isDirectory(),
);

/** String literals ('…', "…", `…`) holding `/api/`, comments removed first. */
function apiLiterals(code: string): string[] {
  // A relative module path ('./api/get-role', '../lifecycle/api/lifecycle-calls') is a folder of a
  // feature, not a URL.
  return [...withoutComments(code).matchAll(/(['"`])(?!\.{1,2}\/)(?:(?!\1)[^\\\n]|\\.)*(?<!\.)\/api\/(?:(?!\1)[^\\\n]|\\.)*\1/g)].map((m) => m[0]);
}

test('the browser packages are found', () => {
  expect(BROWSER_PACKAGES).toEqual(expect.arrayContaining(['host', 'shared-auth', 'remote-campaigns', 'remote-settings', 'remote-dashboard']));
});

test.each(BROWSER_PACKAGES)('%s writes no /api/ path outside contracts', (pkg) => {
  const dir = path.join(root, pkg, 'src');
  const found = sourceFiles(dir, {
    skip: ['node_modules', 'dist', 'test', 'test-utils', '__tests__'],
    include: /\.(ts|tsx|mjs|js)$/,
    exclude: /\.test\.(ts|tsx)$/,
  }).flatMap((file) => apiLiterals(readFileSync(file, 'utf8')).map((literal) => `${path.relative(root, file)}: ${literal}`));
  expect(found).toEqual([]);
});

test('the check itself finds a path written in code, and not one in a comment', () => {
  expect(apiLiterals("const a = api.get('/api/roles'); // GET /api/roles")).toEqual(["'/api/roles'"]);
  expect(apiLiterals('/** GET /api/roles/{id} */\nconst u = callUrl(getRoleCall);')).toEqual([]);
  expect(apiLiterals('const u = `${base}/api/roles/${id}`;')).toHaveLength(1);
  expect(apiLiterals("import { useRole } from './api/get-role';")).toEqual([]);
  expect(apiLiterals("import type { Calls } from '../lifecycle/api/lifecycle-calls';")).toEqual([]);
});
