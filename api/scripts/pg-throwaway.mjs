#!/usr/bin/env node
// A private, throwaway PostgreSQL cluster for tests and benchmarks: initdb into a temporary folder,
// start it on a loopback port (trust auth, superuser `postgres`), and remove it all on stop.
// The system cluster, if any, is never touched. Binaries: $PG_BIN, else the newest
// /usr/lib/postgresql/<version>/bin (Debian: `apt-get install -y postgresql`). PostgreSQL refuses
// to run as root, so as root every command runs as the `postgres` user through `runuser`.
//
//   import { startThrowawayPostgres } from './pg-throwaway.mjs';
//   const pg = await startThrowawayPostgres();   // { url, port, dir, stop }
//   ... TEST_DATABASE_URL = pg.url ...
//   await pg.stop();
//
// From a shell, run a command against a fresh cluster (TEST_DATABASE_URL and DATABASE_URL set):
//   node api/scripts/pg-throwaway.mjs pnpm exec jest -c api/jest.config.mjs
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error('PostgreSQL binaries not found: apt-get install -y postgresql, or set PG_BIN');
  return path.join(root, versions[0], 'bin');
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

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as `postgres` when we are root. */
function run(bin, args) {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * @param {{ port?: number }} [options] port defaults to a free loopback port
 * @returns {Promise<{ url: string, port: number, dir: string, stop: () => Promise<void> }>}
 */
export async function startThrowawayPostgres(options = {}) {
  const bin = pgBin();
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'signpost-pg-'));
  const data = path.join(dir, 'data');
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  try {
    run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
    // fsync off: a throwaway cluster trades durability for speed. Sockets go into our folder.
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      'start',
    ]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start PostgreSQL: ${err.stderr?.toString() || err.message}`, { cause: err });
  }
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A cluster when one can be started here: `{ pg }`, else `{ pg: null, reason }` (PostgreSQL not
 * installed, or it failed to start), so a bench or a test run can say why it skipped PostgreSQL.
 */
export async function getThrowawayPostgres() {
  try {
    pgBin();
  } catch {
    return { pg: null, reason: 'PostgreSQL is not installed (apt-get install -y postgresql)' };
  }
  try {
    return { pg: await startThrowawayPostgres(), reason: null };
  } catch (err) {
    return { pg: null, reason: `could not start a throwaway PostgreSQL: ${err.message}` };
  }
}

// CLI: node pg-throwaway.mjs <command…>
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const command = process.argv.slice(2);
  if (!command.length) {
    console.error('usage: node api/scripts/pg-throwaway.mjs <command> [args…]');
    process.exit(2);
  }
  const pg = await startThrowawayPostgres();
  console.error(`[pg-throwaway] PostgreSQL on ${pg.url}`);
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pg.url, DATABASE_URL: process.env.DATABASE_URL ?? pg.url },
  });
  const finish = async (code) => {
    await pg.stop();
    process.exit(code ?? 1);
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => void finish(code));
}
