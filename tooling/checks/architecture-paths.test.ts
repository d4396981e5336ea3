/**
 * ARCHITECTURE.md is where a newcomer learns where things are, so every path of the tree it names
 * must exist: a file that moved or was renamed without the document following it sends the reader
 * to nothing. A path here is a backquoted name that starts at one of the repository's top-level
 * folders and names a file (it has an extension) or a folder (it ends with `/`); patterns
 * (`<feature>`, `*`, `{en,fr}`), import specifiers and HTTP paths are not paths of the tree.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** The repository's top-level folders: those git tracks files in, or those on disk outside a git checkout. */
function topFolders(): Set<string> {
  try {
    const files = execFileSync('git', ['ls-files', '-z'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    }).split('\0');
    return new Set(files.filter((file) => file.includes('/')).map((file) => file.split('/')[0]));
  } catch {
    const folders = readdirSync(root, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules',
    );
    return new Set(folders.map((entry) => entry.name));
  }
}

/** The paths of the tree that `markdown` names, in order of first mention. */
export function namedPaths(markdown: string, folders: ReadonlySet<string>): string[] {
  const names = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
  const paths = names.filter(
    (name) => !/[<>*{}]/.test(name) && folders.has(name.split('/')[0]) && name.includes('/') && (name.endsWith('/') || /\.[a-z]+$/.test(name)),
  );
  return [...new Set(paths)];
}

/** Each path `markdown` names that does not exist below `base`. */
export function missingPaths(base: string, markdown: string, folders: ReadonlySet<string>): string[] {
  return namedPaths(markdown, folders).filter((name) => !existsSync(path.join(base, name)));
}

test('a path that does not exist is found, and patterns, specifiers and HTTP paths are not taken for paths', () => {
  const fixtures = path.join(__dirname, 'fixtures/architecture-paths');
  const markdown = readFileSync(path.join(fixtures, 'ARCHITECTURE.md'), 'utf8');
  expect(namedPaths(markdown, new Set(['api', 'contracts', 'website-script', 'src']))).toEqual([
    'contracts/src/kind-calls.ts',
    'api/src/stores/',
    'api/src/routes/campaigns/gone.ts',
  ]);
  expect(missingPaths(root, markdown, new Set(['api', 'contracts']))).toEqual(['api/src/routes/campaigns/gone.ts']);
});

test('every path of the tree that ARCHITECTURE.md names exists', () => {
  const missing = missingPaths(root, readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8'), topFolders());
  expect(missing).toEqual([]);
});
