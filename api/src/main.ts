import cluster from 'node:cluster';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';

/** A worker that dies this soon after its start is not started again at once (a crash loop). */
const RESTART_DELAY_MS = 1000;

/** Entry point: read the environment, open + migrate + seed the database, listen. */
async function main() {
  const config = loadConfig();
  if (config.processes > 1 && cluster.isPrimary) return runPrimary(config);
  const app = await buildApp(config);
  app.log.info(
    { database: app.ctx.database.kind, dataDir: config.dataDir, mail: app.ctx.mailer.transport, oidc: Boolean(config.oidc), pid: process.pid },
    'Signpost API starting',
  );
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

/**
 * API_PROCESSES > 1: this process only balances. It migrates and seeds the database once (so the
 * workers do not race to), then forks the workers, which share PORT through Node's cluster module
 * (the primary accepts connections and hands them out in turn). Everything the workers share goes
 * through PostgreSQL, as it would between machines. A worker that dies is started again; SIGINT or
 * SIGTERM stops every worker (each finishes its requests) and then the primary.
 */
async function runPrimary(config: Config) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl!, poolSize: 1 });
  try {
    await database.migrate();
    await seedDatabase(database.db, { email: config.seedAdminEmail, password: config.seedAdminPassword });
  } finally {
    await database.close();
  }
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Signpost API: worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS).unref();
  });
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  for (let i = 0; i < config.processes; i++) fork();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
