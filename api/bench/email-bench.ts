// E-mail campaign sending throughput: the built API (dist/main.js) sends one campaign to N people
// through a local SMTP server (smtp-server on loopback); prints e-mails per second.
//
//   node --import tsx api/bench/email-bench.ts                 (PGlite in a throwaway data folder)
//   BENCH_DATABASE_URL=postgres://… node --import tsx api/bench/email-bench.ts   (an empty PostgreSQL database)
//
// Env: BENCH_EMAILS (2000), BENCH_RATE (per website per second, 100000: the throttle out of the way).
// Prints JSON: { database, emails, seconds, perSecond, secondsWithStartUp } (seconds: first e-mail to last).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { emailDocumentSchema } from 'contracts';
import { openDatabase } from '../src/db/client';
import { clientMembers, users, websites } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed';
import { emailRules } from '../src/services/campaign-kinds';
import { insertCampaign } from '../src/stores/campaigns';
import { emailsStore } from '../src/stores/emails';

const N = Number(process.env.BENCH_EMAILS ?? 2000);
const databaseUrl = process.env.BENCH_DATABASE_URL || null;
const admin = { email: 'admin@signpost.local', password: 'Signpost-admin-1' };

let received = 0;
/** When the first e-mail arrived: the API's start-up (migrations, seed check) is not sending. */
let firstAt = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      if (received === 0) firstAt = Date.now();
      received += session.envelope.rcptTo.length;
      callback();
    });
  },
});
server.on('error', () => {});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.server.address() as AddressInfo;

const dataDir = await mkdtemp(path.join(tmpdir(), 'signpost-email-bench-'));
const database = databaseUrl ? await openDatabase({ databaseUrl, poolSize: 2 }) : await openDatabase({ pgliteDataDir: path.join(dataDir, 'pglite') });
await database.migrate();
await seedDatabase(database.db, admin);
const [site] = await database.db.select({ id: websites.id }).from(websites).limit(1);
const [author] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
for (let i = 0; i < N; i += 1000) {
  await database.db.insert(clientMembers).values(
    Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({
      websiteId: site.id,
      memberId: `bench-${i + k}`,
      username: `reader${i + k}`,
      email: `reader${i + k}@bench.test`,
    })),
  );
}
const doc = emailDocumentSchema.parse({
  subject: 'Hello {{firstName|there}}',
  content: [
    { id: 'b1', kind: 'text', text: 'Hi {{firstName|there}}, a benchmark e-mail.' },
    { id: 'b2', kind: 'button', label: 'Open', url: 'https://example.test/' },
  ],
  target: 'dynamic',
  dynamicAudience: { operator: 'and', predicates: [{ attribute: 'memberId', comparison: 'starts_with', selectedValue: 'bench-' }] },
  status: 'public',
});
await database.db.transaction(async (tx) => {
  const id = await insertCampaign(tx, emailRules, site.id, author.id, doc);
  await emailsStore(tx).orderSend(id, site.id, 'http://127.0.0.1:4000');
});
await database.close();

const started = Date.now();
const api = spawn(process.execPath, [path.join(import.meta.dirname, '..', 'dist', 'main.js')], {
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    EMAIL_POLL_MS: '20',
    EMAIL_RATE_PER_SECOND: process.env.BENCH_RATE ?? '100000',
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const deadline = Date.now() + 10 * 60_000;
while (received < N && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
const seconds = (Date.now() - firstAt) / 1000;
const withStart = (Date.now() - started) / 1000;
api.kill('SIGTERM');
await new Promise((r) => api.once('exit', r));
server.close();
await rm(dataDir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    database: databaseUrl ? 'postgres' : 'pglite',
    emails: received,
    seconds,
    perSecond: Math.round(received / seconds),
    secondsWithStartUp: withStart,
  }),
);
if (received < N) process.exit(1);
