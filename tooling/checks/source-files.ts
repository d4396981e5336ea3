import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { withoutComments } from './source-text';

/** Folders no check reads: installed packages and what builds and test runs leave behind. */
export const GENERATED_FOLDERS = ['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report'];

export type SourceFileOptions = {
  /** Folder names not walked into (hidden folders never are). */
  skip?: readonly string[];
  /** Which file names count. */
  include?: RegExp;
  /** File names that do not count even when included (e.g. tests). */
  exclude?: RegExp;
};

/**
 * The files below `dir` that a check reads, as absolute paths. One walker for every check, so
 * a folder that should never be read (a build output, an installed package) is skipped the same
 * way everywhere; a missing folder has no files.
 */
export function sourceFiles(dir: string, { skip = GENERATED_FOLDERS, include = /\.(ts|tsx|mts|mjs|js|cjs)$/, exclude }: SourceFileOptions = {}): string[] {
  if (!statSync(dir, { throwIfNoEntry: false })) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(full, { skip, include, exclude });
    return include.test(entry.name) && !exclude?.test(entry.name) ? [full] : [];
  });
}

/** The relative module paths a module imports (static, `export … from`, type-only and literal dynamic imports), comments removed first. */
export function importedPaths(code: string): string[] {
  const source = withoutComments(code);
  return [
    ...source.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?(['"])(\.{1,2}\/[^'"]+)\1/g),
    ...source.matchAll(/\bimport\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g),
  ].map((m) => m[2]);
}
