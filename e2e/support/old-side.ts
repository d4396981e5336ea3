import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './state';

/**
 * The "yesterday" of the version-skew tests: the console's host and remotes built from an earlier
 * revision, the last before manifests carried the host-remote contract (so its host checks
 * nothing and its remotes declare nothing: the oldest deploy a newer side must still work with).
 * Built once per machine and kept (outside the checkout, so no test runner or linter walks it):
 * the first run of the version-skew tests pays an install and a build of four remotes and the
 * host; every later run reuses them.
 */
export const OLD_SIDE_REVISION = 'f83df1b1cb5a34216dc0fc583a37eda7af41711d';
/** The label its builds carry, shown in the About dialog: proves the old deploy is the one served. */
export const OLD_SIDE_LABEL = `skew-${OLD_SIDE_REVISION.slice(0, 7)}`;

const dir = path.join(tmpdir(), 'signpost-skew', OLD_SIDE_REVISION);
const src = path.join(dir, 'src');
const builtMarker = path.join(dir, 'built');

/** The dist folder of one app (`host`, `remote-dashboard`…) of the old side. */
export const oldDist = (app: string): string => path.join(src, app, 'dist');

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: src, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output.slice(-3000)}`))));
  });
}

/** Builds the old side unless a previous run did; resolves once its dist folders are there. */
export async function buildOldSide(): Promise<void> {
  if (existsSync(builtMarker)) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  // The revision's files without touching the checkout's git state (no worktree to clean up).
  const archive = execFileSync('git', ['-C', ROOT, 'archive', OLD_SIDE_REVISION], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', src], { input: archive });
  await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline']);
  await run('pnpm', ['--filter', 'contracts', '--filter', 'host', '--filter', './remote-*', '--workspace-concurrency=2', 'run', 'build'], {
    SIGNPOST_BUILD_LABEL: OLD_SIDE_LABEL,
  });
  writeFileSync(builtMarker, 'ok\n');
}
