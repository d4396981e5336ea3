import { buildApp } from './app';
import { loadConfig } from './config';

/** Entry point: read the environment, open + migrate + seed the database, listen. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  app.log.info(
    { database: app.ctx.database.kind, dataDir: config.dataDir, mail: app.ctx.mailer.transport, oidc: Boolean(config.oidc) },
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
