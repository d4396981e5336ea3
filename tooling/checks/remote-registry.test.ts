/**
 * The registry of remotes (contracts/src/remotes.json) is the one place a remote's name, port and
 * paths are written: adding a remote is one entry there plus its folder. These
 * checks keep it so: every entry has its folder with a manifest that agrees with it, ports and names
 * are unique, each manifest's screens resolve to files, and no consumer writes a remote by hand.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteManifest } from 'contracts';
import { REMOTES } from '../../contracts/src/remotes';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Everything that needs to know the remotes, and so must read the registry instead of listing them. */
const CONSUMERS = [
  'scripts/runtime-config.mjs',
  'scripts/lib/product.mjs',
  'scripts/lib/build.mjs',
  'scripts/start.mjs',
  'scripts/dev.mjs',
  'scripts/bench/index.mjs',
  'tooling/rspack/app-config.mjs',
  'tooling/checks/federation-manifests.test.ts',
  'jest.config.mjs',
  'api/src/config.ts',
  'e2e/support/control.ts',
  ...REMOTES.flatMap((r) => [`${r.app}/rspack.config.mjs`, `${r.app}/src/standalone.tsx`]),
];

/** The code of a file without its comments (usage examples in comments may name a remote). */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .map((line) => line.replace(/\s\/\/.*$/, ''))
    .join('\n');

describe('the registry of remotes', () => {
  it('lists each app, federation name, section and port once, away from the console (3000) and the API (4000)', () => {
    for (const key of ['app', 'name', 'section', 'port'] as const) {
      const values = REMOTES.map((r) => r[key]);
      expect(new Set(values).size).toBe(values.length);
    }
    for (const r of REMOTES) {
      expect(r.app).toMatch(/^remote-[a-z]+(-[a-z]+)*$/);
      expect(r.name).toBe(r.app.replace(/-/g, '_'));
      expect([3000, 4000]).not.toContain(r.port);
      expect(r.title).toMatch(/^Signpost · /);
    }
  });

  it('gives each path to one remote only', () => {
    const paths = REMOTES.flatMap((r) => r.basePaths);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/[a-z_-]+$/);
  });

  describe.each(REMOTES.map((r) => [r.app, r] as const))('%s', (app, remote) => {
    it('has its folder: package, rspack config from the registry, manifest, standalone page', () => {
      expect(JSON.parse(read(`${app}/package.json`)).name).toBe(app);
      expect(read(`${app}/rspack.config.mjs`)).toContain('createRemoteConfig(import.meta.dirname)');
      for (const file of ['src/manifest.ts', 'src/standalone.tsx', 'src/index.ts']) expect(existsSync(path.join(root, app, file))).toBe(true);
    });

    it("has a manifest that agrees with the registry: its name, its section's namespace, routes under its paths", () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the manifest of a folder named by data
      const manifest: RemoteManifest = require(path.join(root, app, 'src/manifest.ts')).default;
      expect(manifest.name).toBe(remote.name);
      expect(manifest.namespace).toBe(remote.section);
      for (const route of manifest.routes) {
        expect(remote.basePaths.some((base) => route.path === base || route.path.startsWith(`${base}/`))).toBe(true);
        expect(route.screen).toMatch(/^\.\/[A-Z]\w*Screen$/);
      }
    });
  });

  it("derives each remote's exposes from its manifest: every route's screen is one file", () => {
    const script = `
      import { REMOTES, remoteExposes } from './tooling/remotes.mjs';
      const out = {};
      for (const r of REMOTES) out[r.app] = await remoteExposes(r.app);
      console.log(JSON.stringify(out));`;
    const exposes: Record<string, Record<string, string>> = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
    );
    for (const remote of REMOTES) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the manifest of a folder named by data
      const manifest: RemoteManifest = require(path.join(root, remote.app, 'src/manifest.ts')).default;
      expect(Object.keys(exposes[remote.app]).sort()).toEqual(['./manifest', ...new Set(manifest.routes.map((r) => r.screen))].sort());
      for (const file of Object.values(exposes[remote.app])) expect(existsSync(path.join(root, remote.app, file))).toBe(true);
    }
  });

  it.each(CONSUMERS)('is read by %s, which writes no remote by hand', (file) => {
    const text = code(read(file));
    expect(text).toMatch(/REMOTES|APP_NAMES|createRemoteConfig|@signpost\/remote-screens|remote-\$\{string\}/);
    for (const r of REMOTES) {
      expect(text).not.toMatch(new RegExp(`['"\`]${r.app}['"\`]`));
      expect(text).not.toMatch(new RegExp(`['"\`]${r.name}['"\`]`));
      expect(text).not.toMatch(new RegExp(`\\b${r.port}\\b`));
      expect(text).not.toContain(r.title);
      expect(text).not.toContain(
        `SIGNPOST_REMOTE_${r.app
          .replace(/^remote-/, '')
          .replace(/-/g, '_')
          .toUpperCase()}_URL`,
      );
    }
  });
});
