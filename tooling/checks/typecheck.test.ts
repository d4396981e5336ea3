import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `pnpm typecheck` (scripts/typecheck.mjs) checks the packages whose tsconfig says the same thing in
 * one TypeScript program: an error must still fail its own package, and only it, and a package with
 * other settings is checked with its own. Run for real on a small workspace of fixtures.
 */
const ROOT = path.resolve(__dirname, '../..');
let workspace: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
  writeFileSync(path.join(workspace, file), text);
}
const pkg = (name: string) => JSON.stringify({ name, scripts: { typecheck: 'tsc -p tsconfig.json' } });

beforeAll(() => {
  workspace = mkdtempSync(path.join(tmpdir(), 'signpost-typecheck-'));
  write('pnpm-workspace.yaml', 'packages:\n  - alpha\n  - beta\n  - gamma\n');
  write('tsconfig.base.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [], lib: ['ES2022'] } }));
  const same = JSON.stringify({ extends: '../tsconfig.base.json', include: ['src'] });
  write('alpha/package.json', pkg('alpha'));
  write('alpha/tsconfig.json', same);
  write('alpha/src/index.ts', 'export const alpha: number = 1;\n');
  write('beta/package.json', pkg('beta'));
  write('beta/tsconfig.json', same);
  write('beta/src/index.ts', 'export const beta: number = "not a number";\n');
  // Other settings (no implicit any allowed): its own program, where this file passes.
  write('gamma/package.json', pkg('gamma'));
  write('gamma/tsconfig.json', JSON.stringify({ extends: '../tsconfig.base.json', compilerOptions: { noImplicitAny: false }, include: ['src'] }));
  write('gamma/src/index.ts', 'export function gamma(x) { return x; }\n');
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

test('an error fails its own package only; packages of other settings are checked apart', () => {
  const report = path.join(workspace, 'report.json');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/typecheck.mjs'), `--root=${workspace}`, `--report=${report}`], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(r.status).toBe(1);
  expect(JSON.parse(readFileSync(report, 'utf8')).packages).toEqual({ alpha: 'passed', beta: 'failed', gamma: 'passed' });
  expect(r.stdout).toMatch(/ok {5}alpha, beta|FAILED alpha, beta/);
  expect(r.stdout).toContain("beta/src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.");
  expect(r.stdout).toMatch(/ok {5}gamma/);
});
