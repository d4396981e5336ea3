// A throwaway PostgreSQL cluster (scripts/pg-throwaway.mjs) held by a child process of a test file,
// since Jest's CommonJS runtime cannot load that ES module itself: prints `{ url }` (or `{ error }`)
// as one JSON line, and removes the cluster when it exits, however it is told to (the stop of the
// helper runs synchronously, so it completes inside an 'exit' handler).
import { startThrowawayPostgres } from '../../scripts/pg-throwaway.mjs';

let pg;
try {
  pg = await startThrowawayPostgres();
} catch (err) {
  process.stdout.write(`${JSON.stringify({ error: err.message })}\n`);
  process.exit(0);
}
process.on('exit', () => void pg.stop());
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => process.exit(0));
process.stdout.write(`${JSON.stringify({ url: pg.url })}\n`);
setInterval(() => {}, 60_000);
