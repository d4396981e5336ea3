import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Permission } from 'contracts';
import { buildApp, type BuildOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { AppContext } from '../../src/context';
import { openDatabase, type Database } from '../../src/db/client';
import { organisations, roles, userRoles, users, websites } from '../../src/db/schema';
import { seedDatabase } from '../../src/db/seed';
import { hashPassword } from '../../src/lib/passwords';
import { waitForMail } from '../../src/mail/outbox';
import { TEST_ADMIN, TEST_AUTH_SECRET } from './constants';
import { createPostgresDatabase } from './postgres-databases';

export { createPostgresDatabase };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  kind: 'pglite' | 'postgres';
  /** The test's own database: its URL on PostgreSQL (another process would open it), the opened one on PGlite. */
  database: Database;
  databaseUrl: string | null;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A new organisation with one website (and an Owner-like role holding the given permissions). */
  createOrganisation(name?: string): Promise<{ id: string; websiteId: string }>;
  /** A user holding exactly `permissions` (through one role), signed in: tokens ready to use. */
  createUser(options?: { organisationId?: string; permissions?: Permission[]; superAdmin?: boolean; password?: string }): Promise<TestUser>;
  login(email: string, password: string): Promise<LightMyRequestResponse>;
  /** The newest outbox mail to this address (waits for queued mails). */
  mailTo(address: string, since?: Date): ReturnType<typeof waitForMail>;
  close(): Promise<void>;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  organisationId: string;
  websiteId: string;
  accessToken: string;
  refreshToken: string;
  familyId: string;
  /** Authorization (and Activewebsite) headers for this user. */
  headers: Record<string, string>;
}

const unique = () => randomBytes(4).toString('hex');

/** Opens a fresh database for one test file: PGlite from the seeded tarball, or a new PostgreSQL database. */
async function freshDatabase(): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // A copy of the template global-setup migrated and seeded; without one (a test file run by a
    // caller that skipped the global setup), migrated and seeded here.
    const template = process.env.SIGNPOST_TEST_PG_TEMPLATE;
    const { url, drop } = await createPostgresDatabase(adminUrl, 'signpost_test', template);
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    if (!template) {
      await database.migrate();
      await seedDatabase(database.db, TEST_ADMIN);
    }
    return { database, url, drop };
  }
  const dump = process.env.SIGNPOST_TEST_PGLITE_DUMP;
  let pglite: PGlite;
  if (dump) {
    pglite = await PGlite.create({ loadDataDir: new Blob([await readFile(dump)]) });
  } else {
    pglite = await PGlite.create();
  }
  const database = await openDatabase({ pglite });
  if (!dump) {
    await database.migrate();
    await seedDatabase(database.db, TEST_ADMIN);
  }
  return { database, url: null, drop: async () => {} };
}

export async function createTestApp(
  options: { env?: Record<string, string | undefined>; register?: BuildOptions['register']; clock?: BuildOptions['clock'] } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'signpost-api-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    SEED_ADMIN_EMAIL: TEST_ADMIN.email,
    SEED_ADMIN_PASSWORD: TEST_ADMIN.password,
    PUBLIC_APP_URL: 'http://localhost:3000',
    ...options.env,
  });
  const { database, url: databaseUrl, drop } = await freshDatabase();
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database, logger: false, register: options.register, clock: options.clock });
  } catch (err) {
    await database.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const ctx = app.ctx;

  const request = (o: InjectOptions) => app.inject(o);

  async function createOrganisation(name = `Org ${unique()}`) {
    const [org] = await ctx.db.insert(organisations).values({ name }).returning();
    const [site] = await ctx.db
      .insert(websites)
      .values({ organisationId: org.id, name: `${name} site`, domain: `${unique()}.example.test` })
      .returning();
    return { id: org.id, websiteId: site.id };
  }

  async function createUser(o: Parameters<TestApp['createUser']>[0] = {}): Promise<TestUser> {
    const org = o.organisationId
      ? {
          id: o.organisationId,
          websiteId: (await ctx.db.select().from(websites).where(eq(websites.organisationId, o.organisationId)).limit(1))[0].id,
        }
      : await createOrganisation();
    const password = o.password ?? `Pw-${unique()}-secret`;
    const email = `user-${unique()}@example.test`;
    const [user] = await ctx.db
      .insert(users)
      .values({
        organisationId: org.id,
        name: `User ${unique()}`,
        email,
        passwordHash: await hashPassword(password),
        isSuperAdmin: o.superAdmin ?? false,
      })
      .returning();
    if (o.permissions) {
      const [role] = await ctx.db
        .insert(roles)
        .values({ organisationId: org.id, name: `Role ${unique()}`, permissions: o.permissions })
        .returning();
      await ctx.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
    }
    const session = await ctx.tokens.startSession(user);
    return {
      id: user.id,
      email,
      password,
      organisationId: org.id,
      websiteId: org.websiteId,
      accessToken: session.access_token,
      refreshToken: session.refresh_token,
      familyId: session.familyId,
      headers: { authorization: `Bearer ${session.access_token}`, activewebsite: org.websiteId },
    };
  }

  return {
    app,
    ctx,
    config,
    kind: database.kind,
    database,
    databaseUrl,
    request,
    createOrganisation,
    createUser,
    login: (email, password) => request({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
    mailTo: async (address, since) => {
      await ctx.mailer.flush();
      return waitForMail(config.dataDir, address, { since });
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const randomId = () => randomUUID();

/**
 * One app for the whole test file, closed after its tests: `ready` receives it before the first test.
 * Jest hooks registered here run as if written in the file that calls this at its top level.
 */
export function withTestApp(ready: (t: TestApp) => unknown, options?: Parameters<typeof createTestApp>[0]): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(options);
    await ready(app);
  });
  afterAll(() => app?.close());
}

/**
 * {@link withTestApp}, plus one signed-in user of a fresh organisation (as `createUser(userOptions)` makes it):
 * one for the whole file, or with `eachTest` a new one before each test (`ready` is then called each time).
 */
export function withTestAppAndUser(
  userOptions: Parameters<TestApp['createUser']>[0],
  ready: (t: TestApp, user: TestUser) => unknown,
  { eachTest = false } = {},
): void {
  if (!eachTest) return withTestApp(async (app) => ready(app, await app.createUser(userOptions)));
  let app: TestApp;
  withTestApp((created) => (app = created));
  beforeEach(async () => ready(app, await app.createUser(userOptions)));
}
