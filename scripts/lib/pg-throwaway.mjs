// A private, throwaway PostgreSQL cluster for the API's PostgreSQL suite and benchmark: initdb into
// a fresh folder under /tmp, start it on a free loopback port with its socket in that folder, and
// remove everything on stop. Never touches the system cluster (TOOLCHAIN.md, "PostgreSQL for tests").
//
// The API engineer's api/scripts/pg-throwaway.mjs is preferred when it exists (getThrowawayPostgres);
// this one is the fallback, so `pnpm test` and `pnpm bench` do not depend on it being there.
//
// PostgreSQL refuses to run as root, so as root (CI) the binaries run as the `postgres` user (which
// the Debian package creates) through runuser; as any other user they run as that user.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm, chmod } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './proc.mjs';

/** The bin directory of the newest installed PostgreSQL (Debian layout), or null. */
export function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function exec(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout: 120_000, ...opts }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(cmd)} failed: ${(stderr || stdout || err.message).trim()}`));
      else resolve(stdout);
    });
  });
}

/** @returns {Promise<{ url: string, stop: () => Promise<void> }>} */
export async function startThrowawayPostgres({ log = () => {} } = {}) {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install -y postgresql');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'postgres' : userInfo().username;
  // Run a PostgreSQL binary as the cluster's owner.
  const dir = await mkdtemp(path.join(tmpdir(), 'signpost-pg-'));
  // cwd: the cluster's folder, which its owner can always enter (the repo may not be readable to it).
  const pg = (tool, args) =>
    asRoot
      ? exec('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: dir })
      : exec(path.join(bin, tool), args, { cwd: dir });

  if (asRoot) {
    const { uid, gid } = await uidOf('postgres');
    await chown(dir, uid, gid);
  }
  await chmod(dir, 0o700);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch((err) => log(`pg stop: ${err.message}`));
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    // Durability is pointless for a cluster deleted after the run: turn it off for speed.
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    await pg('pg_ctl', ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    started = true;
  } catch (err) {
    await stop();
    throw err;
  }
  log(`throwaway PostgreSQL (${path.basename(path.dirname(bin))}) as ${user} on 127.0.0.1:${port}`);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

async function uidOf(name) {
  const [uid, gid] = await Promise.all([exec('id', ['-u', name]), exec('id', ['-g', name])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/**
 * The API's own helper when present (it knows what its suite needs), else the one above.
 * Resolves to null, with the reason, when no cluster can be started here.
 */
export async function getThrowawayPostgres({ log = () => {} } = {}) {
  if (!findPgBin()) return { pg: null, reason: 'PostgreSQL is not installed (apt-get install -y postgresql)' };
  const apiHelper = path.join(ROOT, 'api/scripts/pg-throwaway.mjs');
  let start = startThrowawayPostgres;
  if (existsSync(apiHelper)) {
    const mod = await import(pathToFileURL(apiHelper).href);
    if (typeof mod.startThrowawayPostgres === 'function') start = mod.startThrowawayPostgres;
  }
  try {
    return { pg: await start({ log }), reason: null };
  } catch (err) {
    return { pg: null, reason: `could not start a throwaway PostgreSQL: ${err.message}` };
  }
}
