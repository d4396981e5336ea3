// The registry of remotes for Node (build, start, dev, bench, runtime config, jest): the data is
// contracts/src/remotes.json, the one list of the console's remotes (TypeScript reads it through
// `contracts/remotes`). Adding a remote = one entry there + its folder (README, "Adding a remote").
//
// Also here, the one convention that turns a remote's manifest into its module-federation exposes
// and its standalone page's screens: a route's `screen: './NameScreen'` is the file
// `src/features/**/NameScreen.tsx` of the remote, so a screen is named once, in the manifest.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** @type {readonly { app: string, name: string, section: string, port: number, title: string, basePaths: string[] }[]} */
export const REMOTES = JSON.parse(readFileSync(path.join(REPO_ROOT, 'contracts/src/remotes.json'), 'utf8'));

/** The registry entry of the remote in `appDir` (its folder), or an error naming the registry. */
export function remoteOfDir(appDir) {
  const app = path.basename(appDir);
  const remote = REMOTES.find((r) => r.app === app);
  if (!remote) throw new Error(`${app} is not in the registry of remotes (contracts/src/remotes.json)`);
  return remote;
}

/** The environment variable that moves a remote: `remote-tours-checklists` → `SIGNPOST_REMOTE_TOURS_CHECKLISTS_URL`. */
export const remoteEnvVar = (remote) =>
  `SIGNPOST_REMOTE_${remote.app
    .replace(/^remote-/, '')
    .replace(/-/g, '_')
    .toUpperCase()}_URL`;

/** The URL a remote answers at on this machine when nothing moves it. */
export const remoteDevUrl = (remote) => `http://localhost:${remote.port}`;

/** Must match the standalone page's `import.meta.webpackContext` filter (shared-content/standalone). */
export const SCREEN_FILE = /Screen\.tsx$/;

/**
 * A remote's manifest (`src/manifest.ts`), read in Node: it is pure data that imports types only,
 * so stripping the types is all it takes to evaluate it.
 */
export async function readManifest(appDir) {
  const file = path.join(appDir, 'src/manifest.ts');
  // Loaded here, not at the top: the runtime config, jest and the start script read the registry
  // without needing the bundler (a static host serving the console may not even have it).
  const { rspack } = await import('@rspack/core');
  const { code } = rspack.experiments.swc.transformSync(readFileSync(file, 'utf8'), {
    filename: file,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
  });
  if (/^\s*import\s(?!type\b)/m.test(code)) throw new Error(`${file} must be pure data: it may import types only`);
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).default;
}

function screenFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? screenFiles(path.join(dir, e.name)) : SCREEN_FILE.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

/**
 * The module-federation exposes of a remote, derived from its manifest: `./manifest` and one module
 * per screen its routes name (each fetched the first time its route is visited). Throws when a
 * route's screen has no file, or two files claim it.
 * @returns {Promise<Record<string, string>>}  exposed name → path relative to appDir
 */
export async function remoteExposes(appDir) {
  const manifest = await readManifest(appDir);
  const featuresDir = path.join(appDir, 'src/features');
  let files = [];
  try {
    files = screenFiles(featuresDir);
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
  const exposes = { './manifest': './src/manifest.ts' };
  for (const { screen } of manifest.routes) {
    if (exposes[screen]) continue;
    const wanted = `${screen.replace(/^\.\//, '')}.tsx`;
    const found = files.filter((f) => path.basename(f) === wanted);
    if (found.length !== 1) {
      throw new Error(`${path.basename(appDir)}: the manifest's screen ${screen} needs exactly one src/features/**/${wanted} (found ${found.length})`);
    }
    exposes[screen] = `./${path.relative(appDir, found[0]).split(path.sep).join('/')}`;
  }
  return exposes;
}
