/**
 * One validation source. Every message the API answers and the contract schemas
 * raise is a code of one catalogue (contracts/locales/{en,fr,ar}/messages.json), never English text
 * used as a key. This fails when:
 * - a code used by the API or the contracts (thrown errors, success messages, zod messages) is not
 *   in the catalogue, or a catalogue key is missing in one of en, fr and ar;
 * - a code the console uses (`msg('…')`, `t('…', { ns: 'messages' })`, a form's `{ 'contractCode': 'formCode' }` map)
 *   is not in the catalogue;
 * - a value a message names is neither a limit of `LIMITS` nor one of the known values, or a number
 *   that is a limit is written into a translation instead of its `{{variable}}`;
 * - any translation table (a JSON under `locales/`, or an object in the sources) is keyed by text.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './source-files';
import { withoutComments } from './source-text';
import { LIMITS } from '../../contracts/src/limits';

const root = path.resolve(__dirname, '../..');
const LANGS = ['en', 'fr', 'ar'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The plural forms i18next asks for, per language (Intl.PluralRules). */
const PLURAL_FORMS = { en: ['one', 'other'], fr: ['one', 'many', 'other'], ar: ['zero', 'one', 'two', 'few', 'many', 'other'] } as const;
/** Values a message may name besides the limits: passed by the code that raises it. */
const PARAMS = new Set([
  'count',
  'names',
  'name',
  'field',
  'maxBytes',
  'label',
  'today',
  'perDay',
  'reason',
  'rule',
  'attribute',
  'comparison',
  'expected',
  'actual',
  'kind',
  'title',
]);
/** A key segment of a translation table: a code, not a text. */
const KEY_SEGMENT = /^[A-Za-z0-9_]+$/;

type Tree = { [key: string]: string | Tree };
const catalogue = Object.fromEntries(
  LANGS.map((lng) => [lng, JSON.parse(readFileSync(path.join(root, 'contracts/locales', lng, 'messages.json'), 'utf8')) as Tree]),
) as Record<(typeof LANGS)[number], Tree>;

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}
const texts = Object.fromEntries(LANGS.map((lng) => [lng, new Map(leaves(catalogue[lng]))])) as Record<(typeof LANGS)[number], Map<string, string>>;
/** Codes as the sources name them: plural keys without their suffix. */
const codes = (lng: (typeof LANGS)[number]) => new Set([...texts[lng].keys()].map((k) => k.replace(PLURAL, '')));
const AREAS = new Set(Object.keys(catalogue.en));

/** The TypeScript sources of a folder, tests and translation catalogues left out. */
const sources = (dir: string) => sourceFiles(dir, { skip: ['node_modules', 'dist', 'locales'], include: /\.(ts|tsx)$/, exclude: /\.test\.(ts|tsx)$/ });
const rel = (file: string) => path.relative(root, file);

/** String literals that look like a code of one of the catalogue's areas: `'validation.titleRequired'`. */
function codeLiterals(file: string): string[] {
  const text = withoutComments(readFileSync(file, 'utf8'));
  return [...text.matchAll(/(['"])([a-z][A-Za-z]*)\.([a-z][A-Za-z0-9_]*)\1/g)].filter((m) => AREAS.has(m[2])).map((m) => `${m[2]}.${m[3]}`);
}

const BROWSER_PACKAGES = readdirSync(root).filter((name) => /^(host|remote-.+|shared-.+)$/.test(name) && statSync(path.join(root, name)).isDirectory());

describe('the message catalogue', () => {
  it('has the same codes in en, fr and ar, none empty, with every plural form of each language', () => {
    const en = codes('en');
    expect(en.size).toBeGreaterThan(250);
    for (const lng of LANGS) {
      expect([...codes(lng)].filter((c) => !en.has(c))).toEqual([]);
      expect([...en].filter((c) => !codes(lng).has(c))).toEqual([]);
      expect([...texts[lng]].filter(([, t]) => t.trim() === '').map(([k]) => k)).toEqual([]);
      const plurals = new Set([...texts[lng].keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
      for (const code of plurals)
        expect({ code, lng, forms: PLURAL_FORMS[lng].filter((f) => !texts[lng].has(`${code}_${f}`) && !(f === 'many' && lng !== 'ar')) }).toEqual({
          code,
          lng,
          forms: [],
        });
    }
  });

  it('names only limits of LIMITS and known values, the same in the three languages', () => {
    const varsOf = (t: string) => [...t.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
    const unknown: string[] = [];
    for (const lng of LANGS)
      for (const [key, text] of texts[lng]) for (const v of varsOf(text)) if (!(v in LIMITS) && !PARAMS.has(v)) unknown.push(`${lng} ${key}: {{${v}}}`);
    expect(unknown).toEqual([]);
    // A translation may write a small number in words (ar "خيارين"), but never a value en does not name.
    const extra: string[] = [];
    for (const lng of ['fr', 'ar'] as const)
      for (const [key, text] of texts[lng]) {
        const en = new Set(varsOf(texts.en.get(key) ?? texts.en.get(key.replace(PLURAL, '_other')) ?? ''));
        for (const v of varsOf(text)) if (!en.has(v)) extra.push(`${lng} ${key}: {{${v}}}`);
      }
    expect(extra).toEqual([]);
  });

  it('writes no limit as a number: a number of LIMITS in an en message is its {{variable}}', () => {
    // Numbers that are limits and are not part of a text's meaning otherwise (2048, 60 = seconds…).
    const limitNumbers = new Set(
      Object.values(LIMITS)
        .filter((n) => n >= 16)
        .map(String),
    );
    const copied = [...texts.en].filter(([, t]) => [...t.matchAll(/\b\d+\b/g)].some((m) => limitNumbers.has(m[0]))).map(([k, t]) => `${k}: ${t}`);
    expect(copied).toEqual([]);
  });
});

describe('codes used by the API and the contracts', () => {
  const files = [...sources(path.join(root, 'api/src')), ...sources(path.join(root, 'contracts/src'))];
  const used = files.flatMap((file) => codeLiterals(file).map((code) => ({ file: rel(file), code })));

  it('are found (thrown errors, success messages, zod messages)', () => {
    expect(used.length).toBeGreaterThan(300);
    expect(used.map((u) => u.code)).toEqual(expect.arrayContaining(['auth.invalidEmailOrPassword', 'validation.titleRequired', 'roles.stillHeld']));
  });

  it.each(LANGS)('exist in %s', (lng) => {
    const known = codes(lng);
    expect(used.filter((u) => !known.has(u.code)).map((u) => `${u.file}: ${u.code}`)).toEqual([]);
  });

  it('are typed in the contracts: every code is written as msg(code), so a typo does not compile', () => {
    const untyped = sources(path.join(root, 'contracts/src')).flatMap((file) =>
      [...withoutComments(readFileSync(file, 'utf8')).matchAll(/(msg\(\s*)?(['"])([a-z][A-Za-z]*)\.([a-z][A-Za-z0-9_]*)\2/g)]
        .filter((m) => !m[1] && AREAS.has(m[3]))
        .map((m) => `${rel(file)}: ${m[0]}`),
    );
    expect(untyped).toEqual([]);
  });

  it('leave no English text where a message is expected', () => {
    // The old way: an English sentence thrown or set as a zod message instead of a code.
    const english =
      /(?:\b(?:notFound|badRequest|conflict|unauthorized|forbidden|tooManyRequests)\(|new HttpError\(\d+,\s*|\.(?:min|max|email|uuid|url|regex|refine)\([^()]*,\s*|\berror:\s*|\bmessage:\s*)(['"`])[A-Z][a-z]+ [^'"`]*\1/g;
    const found = files.flatMap((file) => [...withoutComments(readFileSync(file, 'utf8')).matchAll(english)].map((m) => `${rel(file)}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});

describe('codes used by the console', () => {
  const files = BROWSER_PACKAGES.flatMap((pkg) => sources(path.join(root, pkg, 'src')));
  const used = files.flatMap((file) => {
    const text = withoutComments(readFileSync(file, 'utf8'));
    const calls = [
      ...[...text.matchAll(/\bmsg\(\s*(['"])([^'"]+)\1\s*\)/g)].map((m) => m[2]),
      ...[...text.matchAll(/\bt\(\s*(['"])([^'"]+)\1\s*,\s*\{[^}]*\bns:\s*(?:'messages'|"messages"|MESSAGES_NAMESPACE)/g)].map((m) => m[2]),
      // A form's wording of a contract's messages, wherever the map is written (`withFormMessages`,
      // `useContractForm`'s and `useDialogForm`'s `messages`, a named constant): `'contractCode': 'formCode'`.
      ...[...text.matchAll(/[{,]\s*(['"])([a-z][A-Za-z]*\.[A-Za-z0-9_]+)\1\s*:\s*(['"])([a-z][A-Za-z]*\.[A-Za-z0-9_]+)\3/g)]
        .filter((m) => AREAS.has(m[2].split('.')[0]))
        .flatMap((m) => [m[2], m[4]]),
    ];
    return calls.map((code) => ({ file: rel(file), code }));
  });

  it('are found (the dialogs on contract schemas)', () => {
    expect(used.map((u) => u.code)).toEqual(expect.arrayContaining(['validation.tagNameTooLong', 'form.tagNameTooLong', 'form.required']));
  });

  it.each(LANGS)('exist in %s', (lng) => {
    const known = codes(lng);
    expect(used.filter((u) => !known.has(u.code)).map((u) => `${u.file}: ${u.code}`)).toEqual([]);
  });
});

describe('no translation table is keyed by English text', () => {
  const jsonFiles = sourceFiles(root, { skip: ['node_modules', 'dist'], include: /\.json$/ }).filter((full) => full.split(path.sep).includes('locales'));

  it('finds the locale files, the catalogue among them', () => {
    expect(jsonFiles.map(rel)).toEqual(expect.arrayContaining(['contracts/locales/en/messages.json', 'remote-campaigns/src/locales/fr/campaigns.json']));
  });

  it.each(jsonFiles.map(rel))('%s has only code keys', (file) => {
    const bad: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (!value || typeof value !== 'object') return;
      for (const [k, v] of Object.entries(value)) {
        if (!KEY_SEGMENT.test(k)) bad.push(`${at}${JSON.stringify(k)}`);
        walk(v, `${at}${k}.`);
      }
    };
    walk(JSON.parse(readFileSync(path.join(root, file), 'utf8')), '');
    expect(bad).toEqual([]);
  });

  it('has no table keyed by sentences in the sources', () => {
    // An object property written as a quoted sentence ('Please enter title': …) is a table keyed by text.
    const files = ['api', 'contracts', 'website-script', ...BROWSER_PACKAGES].flatMap((pkg) => sources(path.join(root, pkg, 'src')));
    const sentenceKey = /^\s*(['"])((?:[A-Z][a-z]*|[a-z]+) [a-z]+[^'"]*)\1\s*:/gm;
    const found = files.flatMap((file) => [...withoutComments(readFileSync(file, 'utf8')).matchAll(sentenceKey)].map((m) => `${rel(file)}: ${m[2]}`));
    expect(found).toEqual([]);
  });
});
