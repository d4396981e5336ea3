/**
 * A kind is described once: its descriptor in contracts/src/content-kinds.ts. Every list of kinds
 * elsewhere (which kinds are served, interrupt, accept an event, are counted, are in a database
 * check…) is derived from CONTENT_KIND_DESCRIPTORS, so a new kind reaches every one of them. A list
 * written by hand is the bug this check refuses: the new kind saves and lists but silently misses
 * the hand-written list.
 *
 * Refused outside the descriptor, in product sources (tests aside: they state kinds on purpose):
 *  - a literal list of two or more kind names: `['popup', 'tour']`, `('popup', 'banner')` in SQL,
 *    `'popup' | 'banner'` as a type;
 *  - an object keyed by two or more kinds that is not declared total over a kind type
 *    (`Record<SurfaceKind, …>`, `{ [K in DescribedKind]: … }`): a `Record<string, …>` or a
 *    `Partial<Record<…>>` lets a kind be forgotten without the compiler saying so.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_KIND_LIST } from '../../contracts/src';
import { REMOTES } from '../../contracts/src/remotes';
import { sourceFiles } from './source-files';
import { lineAt, withoutComments } from './source-text';

const root = path.resolve(__dirname, '../..');

const PRODUCT_SOURCES = [
  'api/src',
  'contracts/src',
  'host/src',
  'website-script/src',
  'shared-auth/src',
  'shared-data/src',
  'shared-content/src',
  'shared-i18n/src',
  'shared-ui/src',
  ...REMOTES.map((r) => `${r.app}/src`),
];
const DESCRIPTOR_FILE = 'contracts/src/content-kinds.ts';
const isTest = (file: string) => /\.test\.tsx?$|(^|\/)(test|test-utils|__tests__)\//.test(file);

const sources = (dir: string) =>
  sourceFiles(path.join(root, dir), { skip: ['node_modules', 'dist'], include: /\.(ts|tsx|mts|mjs)$/ }).map((file) =>
    path.relative(root, file).split(path.sep).join('/'),
  );

const KIND_NAMES = CONTENT_KIND_LIST.map((k) => k.kind);
const isKind = (name: string) => (KIND_NAMES as readonly string[]).includes(name);
/** Two or more quoted names in a row, separated by commas (arrays, SQL lists) or bars (type unions). */
const QUOTED_LIST = /(['"`])[\w-]+\1(?:\s*[,|]\s*(['"`])[\w-]+\2)+/g;
/** A key of an object literal, and its name. */
const KEY = /^\s*['"]?(\w+)['"]?\s*:/;
/** A declaration total over a kind type: what makes an object keyed by kind safe. */
const TOTAL =
  /\bRecord<\s*(?:SurfaceKind|DescribedKind|ServedKind|ContentKind|WorkspaceService)\s*,|\[\s*\w+\s+in\s+(?:SurfaceKind|DescribedKind|ServedKind|ContentKind|WorkspaceService)\s*\]/;

/**
 * Each place in `text` (a file's source) that lists kinds by hand: a list whose every name is a
 * kind's (a list of other names that happen to include one, permission resources for instance, is
 * not a list of kinds), or an object whose every key is a kind's and that is not declared total.
 */
export function kindLists(file: string, text: string): string[] {
  const code = withoutComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(QUOTED_LIST)) {
    const names = [...m[0].matchAll(/['"`]([\w-]+)['"`]/g)].map((n) => n[1]);
    if (names.every(isKind)) found.push(`${file}:${lineAt(code, m.index)} lists kinds by hand: ${m[0]}`);
  }

  // Objects: the keys at one indentation until a line closes them (a shallower one).
  const lines = code.split('\n');
  let run: { line: number; indent: number; keys: string[] } | null = null;
  const close = () => {
    if (run && run.keys.length >= 2 && run.keys.every(isKind)) {
      // The declaration: the nearest shallower line above the first key, and the two before it (a type may wrap).
      let open = run.line - 1;
      while (open > 0 && lines[open].length - lines[open].trimStart().length >= run.indent) open -= 1;
      const declaration = lines.slice(Math.max(0, open - 2), open + 1).join('\n');
      if (!TOTAL.test(declaration) || /Partial<\s*Record</.test(declaration))
        found.push(`${file}:${run.line + 1} keys an object by kinds (${run.keys.join(', ')}) without a type total over the kinds`);
    }
    run = null;
  };
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const indent = line.length - line.trimStart().length;
    if (run && indent < run.indent) close();
    const m = KEY.exec(line);
    if (!m) return;
    if (run && run.indent === indent) run.keys.push(m[1]);
    else if (!run) run = { line: i, indent, keys: [m[1]] };
  });
  close();
  return found;
}

describe('a list of kinds', () => {
  it('is written nowhere but the descriptors: every other list is derived from them', () => {
    const files = PRODUCT_SOURCES.flatMap(sources).filter((f) => f !== DESCRIPTOR_FILE && !isTest(f));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => kindLists(f, readFileSync(path.join(root, f), 'utf8')))).toEqual([]);
  });

  it('is found when written by hand (the scan itself can fail)', () => {
    const [a, b, c] = KIND_NAMES;
    const violating = [
      `const INTERRUPTIVE = new Set(['${a}', '${b}']);`,
      `sql\`kind in ('${a}', '${b}', '${c}')\`;`,
      `type Served = '${a}' | '${b}';`,
      `const ICONS: Record<string, Icon> = {`,
      `  ${a}: Bell,`,
      `  ${b}: Flag,`,
      `};`,
      `const LOADERS: Partial<Record<SurfaceKind, Loader>> = {`,
      `  ${a}: load,`,
      `  ${b}: load,`,
      `};`,
      `// a comment may say '${a}', '${b}'`,
      `if (kind === '${a}') show();`,
    ].join('\n');
    expect(kindLists('fixture.ts', violating)).toHaveLength(5);
    const total = [`const SURFACES: Record<SurfaceKind, Loader> = {`, `  ${a}: load,`, `  ${b}: load,`, `};`].join('\n');
    expect(kindLists('fixture.ts', total)).toEqual([]);
  });
});
