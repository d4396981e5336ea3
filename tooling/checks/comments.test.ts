/**
 * Comments say why the code is as it is. A comment that names the issue which asked for the code
 * ("issue 10, item 3") tells a newcomer nothing without a tracker they may not have, and one that
 * points to a document outside the repository (`../shared/ARCHITECTURE.md`) sends them where the
 * repository cannot follow; ARCHITECTURE.md and README.md are in it. This reads every source file
 * of the workspace (not the migrations: an applied migration is never edited) and fails on either.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATED_FOLDERS, sourceFiles } from './source-files';

const root = path.resolve(__dirname, '../..');

/** What a comment may not say: an issue number, or a design document outside the repository. */
export const CITATION =
  /\b[Ii]ssues? #?\d+|\b[Tt]his issue\b|\b[Tt]he [a-z-]+ issue\b|(?:^|[\s(])#\d{1,4}\b(?![0-9a-fA-F])|(?:\.\.\/)+shared\/|\b(?:TOOLCHAIN|WEBSITE-SCRIPT)\.md\b/;

test('the pattern finds issue numbers and outside documents, and nothing else', () => {
  for (const text of [
    '// (issue 10, item 3)',
    ' * Issue 12: the script',
    '// see #21',
    '// the lifecycle issue',
    '// this issue',
    '// ../shared/ARCHITECTURE.md',
    '// TOOLCHAIN.md, "Traps"',
  ]) {
    expect(text).toMatch(CITATION);
  }
  for (const text of ["color: '#1677ff'", '// the configured issuer', '// the token issued with it', '// ARCHITECTURE.md, "Layers"', "'#fff'", 'a#1b']) {
    expect(text).not.toMatch(CITATION);
  }
});

test('no source file cites an issue or a document outside the repository', () => {
  const found = sourceFiles(root, { skip: [...GENERATED_FOLDERS, 'drizzle'], include: /\.(ts|tsx|mts|mjs|js|cjs|css|html|sql|yaml)$/ })
    .filter((file) => !file.includes(`${path.sep}tooling${path.sep}checks${path.sep}comments.test.ts`))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (CITATION.test(line) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
  expect(found).toEqual([]);
});
