import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Where things live on disk. No `import.meta` here on purpose: the Jest suite loads this code as
 * CommonJS and the bundled server as ESM, so locations are found by walking up from the working
 * directory (and from the started script), never from the module's own URL.
 */

function findUp(start: string, marker: string): string | null {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, marker))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The monorepo root (the folder holding pnpm-workspace.yaml), found from cwd or from the started script. */
export function repoRoot(): string {
  const fromCwd = findUp(process.cwd(), 'pnpm-workspace.yaml');
  if (fromCwd) return fromCwd;
  const script = process.argv[1];
  const fromScript = script ? findUp(path.dirname(script), 'pnpm-workspace.yaml') : null;
  return fromScript ?? process.cwd();
}

/**
 * The drizzle migrations folder: next to the bundle (`dist/drizzle`, copied by tsup) when running
 * the build, else the committed `api/drizzle`. MIGRATIONS_DIR overrides both.
 */
export function migrationsDir(): string {
  const script = process.argv[1];
  const candidates = [
    process.env.MIGRATIONS_DIR,
    script ? path.join(path.dirname(path.resolve(script)), 'drizzle') : undefined,
    path.join(repoRoot(), 'api', 'drizzle'),
    path.join(process.cwd(), 'drizzle'),
  ].filter((c): c is string => Boolean(c));
  for (const dir of candidates) {
    if (existsSync(path.join(dir, 'meta', '_journal.json'))) return dir;
  }
  throw new Error(`No migrations folder found (looked in: ${candidates.join(', ')})`);
}
