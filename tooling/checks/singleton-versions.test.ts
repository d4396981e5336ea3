/**
 * A module-federation singleton must exist in ONE version in the workspace: with two, apps built
 * against different copies negotiate at run time and one side runs against a version it was not
 * built with (three i18next versions once crept in through differing ranges).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'jotai', 'i18next', 'react-i18next', '@emotion/react', '@chakra-ui/react'];

it.each(SINGLETONS)('%s has exactly one version in pnpm-lock.yaml', (name) => {
  const lock = readFileSync(path.resolve(__dirname, '../../pnpm-lock.yaml'), 'utf8');
  const packages = lock.slice(lock.indexOf('\npackages:'), lock.indexOf('\nsnapshots:'));
  const escaped = name.replace(/[/@.-]/g, (c) => `\\${c}`);
  const versions = new Set([...packages.matchAll(new RegExp(`^  '?${escaped}@(\\d[^:'(]*)'?:`, 'gm'))].map((m) => m[1]));
  expect([...versions]).toHaveLength(1);
});
