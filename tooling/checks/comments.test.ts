/**
 * Comments say why the code is as it is. A comment that names the issue which asked for the code
 * ("issue 10, item 3") tells a newcomer nothing without a tracker they may not have, and one that
 * points to a document outside the repository (`../shared/ARCHITECTURE.md`, "section 6 of the
 * specification") sends them where the repository cannot follow; ARCHITECTURE.md and README.md are
 * in it. This reads every tracked source file of the workspace (not the migrations: an applied
 * migration is never edited) and fails on either, in comments, strings and test names alike.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './source-files';

const root = path.resolve(__dirname, '../..');

/** What a comment may not say: an issue number, or a design document outside the repository. */
export const CITATION = new RegExp(
  [
    // An issue, by number or as "the issue".
    /\b[Ii]ssues? #?\d+|\b[Tt]his issue\b|\b[Tt]he [a-z-]+ issue\b|(?:^|[\s(])#\d{1,4}\b(?![0-9a-fA-F])/.source,
    // A design document that lives outside the repository.
    /(?:\.\.\/)+shared\/|\b(?:TOOLCHAIN|WEBSITE-SCRIPT)\.md\b|\bspec\.md\b/.source,
    // The product specification, by section or by name.
    /\b[Ss]pec(?:ification)?(?:'s)?\s+(?:sections?\b|§)|\bsections?\s+\d+(?:\s+and\s+\d+)?\s+of\s+the\s+spec|§\s?\d/.source,
    /\b[Tt]he\s+spec(?:ification)?(?:'s)?\b|\b[Ss]pec's\b|\(spec\s+`|^\s*(?:\/\/|\*)\s*Spec\b/.source,
  ].join('|'),
);

/** The files the scan reads, by extension. */
const SOURCE_EXTENSIONS = ['ts', 'tsx', 'mts', 'mjs', 'cjs', 'js', 'css', 'html', 'sql', 'yaml'];

/** The folders and files the repository scan leaves out: migrations, this check and its fixtures. */
const NOT_SCANNED = [/(^|\/)node_modules\//, /^api\/drizzle\//, /^tooling\/checks\/fixtures\/citations\//, /^tooling\/checks\/comments\.test\.ts$/];

/** Each line of `files` (paths relative to `base`) that cites, as `file:line: text`. */
export function citationsIn(base: string, files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(base, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/**
 * The repository's source files, relative to its root: the ones git tracks, or, in a copy that is
 * not a git checkout (the mutation check's scratch copies), every one on disk but generated output.
 */
function repositorySources(): string[] {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-z', '--', ...SOURCE_EXTENSIONS.map((ext) => `*.${ext}`)], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    }).split('\0');
  } catch {
    files = sourceFiles(root, { include: new RegExp(`\\.(${SOURCE_EXTENSIONS.join('|')})$`) }).map((file) =>
      path.relative(root, file).split(path.sep).join('/'),
    );
  }
  return files.filter((file) => file && !NOT_SCANNED.some((pattern) => pattern.test(file)));
}

test('the pattern finds issue numbers, outside documents and the specification, and nothing else', () => {
  for (const text of [
    '// (issue 10, item 3)',
    ' * Issue 12: the script',
    '// see #21',
    '// the lifecycle issue',
    '// this issue',
    '// ../shared/ARCHITECTURE.md',
    '// TOOLCHAIN.md, "Traps"',
    "// the spec's path has no id",
    '/** Spec sections 5 and 9. */',
    '// (spec section 7, to the letter)',
    '// as section 6 of the spec defines it',
    '// the specification, § 3',
    "it('starts with the spec defaults', () => {",
    '// Who an item is for (spec `target`)',
    '// Spec: a tour takes the slot',
    '// see spec.md',
  ]) {
    expect(text).toMatch(CITATION);
  }
  for (const text of [
    "color: '#1677ff'",
    '// the configured issuer',
    '// the token issued with it',
    '// ARCHITECTURE.md, "Layers"',
    "'#fff'",
    'a#1b',
    '  spec: CampaignKindRules<D>,',
    'const spec = BUILDS[app];',
    '/** PKCE code verifier bounds (RFC 7636, section 4.1). */',
    'type ValueFilterSpec = {};',
    '// e2e/tests/x.spec.ts',
  ]) {
    expect(text).not.toMatch(CITATION);
  }
});

test('the scan names every citing line of a file by file and line, and none other', () => {
  const fixtures = path.join(__dirname, 'fixtures/citations');
  expect(citationsIn(fixtures, ['cites.ts']).map((found) => found.split(': ')[0])).toEqual(['cites.ts:5', 'cites.ts:7', 'cites.ts:9', 'cites.ts:10']);
});

test('no source file cites an issue or a document outside the repository', () => {
  expect(citationsIn(root, repositorySources())).toEqual([]);
});
