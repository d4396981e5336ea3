/**
 * Every user-visible string is a key present in en, fr and ar: a key missing in one language
 * fails here, naming the file and the key.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const LANGS = ['en', 'fr', 'ar'] as const;
// Plural suffixes differ by language (ar has zero/two/few/many): compare keys without them.
const PLURAL = /_(zero|one|two|few|many|other)$/;

function localeDirs(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (!statSync(full).isDirectory()) continue;
      if (name === 'locales') found.push(full);
      else walk(full);
    }
  };
  walk(root);
  return found;
}

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

const dirs = localeDirs();

it('finds the locale folders of every app', () => {
  expect(dirs.length).toBeGreaterThanOrEqual(6);
});

describe.each(dirs.map((d) => path.relative(root, d)))('%s', (dir) => {
  const namespaces = readdirSync(path.join(root, dir, 'en')).filter((f) => f.endsWith('.json'));
  it.each(namespaces)('%s has the same keys in en, fr and ar, none empty', (ns) => {
    const byLang = Object.fromEntries(
      LANGS.map((lng) => {
        const json = JSON.parse(readFileSync(path.join(root, dir, lng, ns), 'utf8'));
        const all = keys(json);
        return [
          lng,
          {
            set: new Set(all.map((k) => k.replace(PLURAL, ''))),
            empty: all.filter((k) => String(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], json)).trim() === ''),
          },
        ];
      }),
    );
    for (const lng of LANGS) {
      for (const other of LANGS) {
        const missing = [...byLang[other].set].filter((k) => !byLang[lng].set.has(k));
        expect({ lng, missing }).toEqual({ lng, missing: [] });
      }
      expect({ lng, empty: byLang[lng].empty }).toEqual({ lng, empty: [] });
    }
  });
});
