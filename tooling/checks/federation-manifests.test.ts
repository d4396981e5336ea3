/**
 * The built federation manifests must list every singleton of ARCHITECTURE.md ("The shape") as a singleton, or
 * host and remotes would run two Reacts, two routers or two session stores. Runs on the `dist/`
 * of each app (the test runner builds before the e2e suite; `pnpm build` locally).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '../../contracts/src/remotes';

const root = path.resolve(__dirname, '../..');
const APPS = ['host', ...REMOTES.map((r) => r.app)];
const REQUIRED = [
  'react',
  'react-dom',
  'react-router-dom',
  'jotai',
  'i18next',
  'react-i18next',
  '@emotion/react',
  'shared-auth',
  'shared-data',
  'shared-i18n',
  'shared-ui',
];
const REMOTE_EXPOSES = ['manifest'];

type Manifest = { shared: { name: string; singleton: boolean; requiredVersion?: string; version: string }[]; exposes: { name: string }[] };

describe.each(APPS)('%s mf-manifest.json', (app) => {
  const file = path.join(root, app, 'dist', 'mf-manifest.json');
  const built = existsSync(file);
  const manifest: Manifest | null = built ? JSON.parse(readFileSync(file, 'utf8')) : null;

  it('exists (run `pnpm build` first)', () => {
    expect(built).toBe(true);
  });

  it.each(REQUIRED)('shares %s as a singleton with an explicit required version', (name) => {
    const entry = manifest?.shared.find((s) => s.name === name);
    expect(entry).toBeDefined();
    expect(entry?.singleton).toBe(true);
    expect(entry?.requiredVersion).toMatch(/^\^\d+\.0\.0$/);
  });

  it('never shares @chakra-ui/react (only the shared-ui facade imports it)', () => {
    expect(manifest?.shared.map((s) => s.name)).not.toContain('@chakra-ui/react');
  });

  if (app === 'host') {
    it.each(['shared-ui/overlays', 'shared-ui/data-table', 'shared-ui/audience-builder'])(
      'provides the facade entry %s (remotes must never fall back to their own Chakra)',
      (name) => {
        expect(manifest?.shared.find((s) => s.name === name)?.singleton).toBe(true);
      },
    );
  }

  if (app !== 'host') {
    it('exposes its manifest module', () => {
      expect(manifest?.exposes.map((e) => e.name)).toEqual(expect.arrayContaining(REMOTE_EXPOSES));
    });
  }
});
