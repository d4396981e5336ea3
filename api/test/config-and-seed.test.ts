import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { DEMO_WEBSITE, seedDatabase, SEED_ROLES } from '../src/db/seed';
import { DEMO_ATTRIBUTES } from '../src/db/seed-demo-members';
import { attributes, roles, users, websites } from '../src/db/schema';
import { createTestApp, type TestApp } from './support/test-app';

describe('config', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'signpost-config-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      publicAppUrl: 'http://localhost:3000',
      mailFrom: 'Signpost <no-reply@signpost.local>',
      seedAdminEmail: 'admin@signpost.local',
      seedAdminPassword: 'Signpost-admin-1',
      oidc: null,
      login: { maxFailures: 5, ipMaxFailures: 50, windowMinutes: 15 },
    });
    expect(c.corsOrigins).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://localhost:3004']));
  });

  test('without AUTH_SECRET a random secret is generated once and kept in DATA_DIR/auth-secret (0600)', async () => {
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.authSecret).toBe(a.authSecret);
    expect((await readFile(path.join(dir, 'auth-secret'), 'utf8')).trim()).toBe(a.authSecret);
    expect((await stat(path.join(dir, 'auth-secret'))).mode & 0o777).toBe(0o600);
  });

  test('a relative DATA_DIR resolves against the repository root', async () => {
    const c = loadConfig({ DATA_DIR: '.tmp/api-config-test', AUTH_SECRET: 'x'.repeat(40) });
    expect(c.dataDir).toBe(path.resolve(__dirname, '../../.tmp/api-config-test'));
    await rm(c.dataDir, { recursive: true, force: true });
  });

  test('bad values are refused with the variable named', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });

  test('identity-provider sign-in needs issuer and client id', () => {
    expect(loadConfig({ DATA_DIR: dir, OIDC_ISSUER: 'https://idp.example' }).oidc).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'c' }).oidc).toEqual({
      issuer: 'https://idp.example',
      clientId: 'c',
      clientSecret: undefined,
    });
  });
});

describe('seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  test('is idempotent', async () => {
    const count = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    const before = await count();
    expect(await seedDatabase(t.ctx.db, { email: 'someone-else@example.test', password: 'Whatever-123' })).toBe(false);
    expect(await count()).toBe(before);
  });

  test('roles Owner (every permission), Editor, Viewer (every get_*)', async () => {
    const rows = await t.ctx.db.select().from(roles);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.permissions]));
    expect(byName.Owner).toEqual(SEED_ROLES.Owner);
    expect(byName.Viewer.every((p: string) => p.startsWith('get_'))).toBe(true);
    expect(byName.Editor).toEqual(expect.arrayContaining(['duplication_checklist', 'cancel_banners', 'get_group', 'get_members', 'get_websites']));
    expect(byName.Editor).not.toContain('delete_posts');
    expect(byName.Editor).not.toContain('get_role');
  });

  test('the demo website declares the attributes its demo people carry (the demo site identifies with them)', async () => {
    const [demo] = await t.ctx.db.select().from(websites).where(eq(websites.name, DEMO_WEBSITE.name));
    const declared = await t.ctx.db.select().from(attributes).where(eq(attributes.websiteId, demo.id));
    expect(declared.map((a) => [a.name, a.type]).sort()).toEqual(DEMO_ATTRIBUTES.map((a) => [a.name, a.type]).sort());
  });
});

test('the default super-admin password is refused in production, a chosen one is not', async () => {
  const { loadConfig } = await import('../src/config');
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const DATA_DIR = await mkdtemp(`${tmpdir()}/signpost-config-`);
  const base = { DATA_DIR, AUTH_SECRET: 'x'.repeat(40), NODE_ENV: 'production' };
  expect(() => loadConfig(base)).toThrow(/default super-admin password is refused in production/);
  expect(() => loadConfig({ ...base, SEED_ADMIN_PASSWORD: 'Signpost-admin-1' })).toThrow(/SEED_ADMIN_PASSWORD/);
  expect(loadConfig({ ...base, SEED_ADMIN_PASSWORD: 'a-chosen-Passw0rd' }).seedAdminPassword).toBe('a-chosen-Passw0rd');
  expect(loadConfig({ ...base, NODE_ENV: 'development' }).seedAdminPassword).toBe('Signpost-admin-1');
});

test('the test clock file moves the product clock, follows changes to the file, and is refused in production', async () => {
  const { writeFile } = await import('node:fs/promises');
  const { fileOffsetClock } = await import('../src/lib/offset-clock');
  const DATA_DIR = await mkdtemp(`${tmpdir()}/signpost-config-`);
  const file = path.join(DATA_DIR, 'clock-offset-ms');
  const base = { DATA_DIR, AUTH_SECRET: 'x'.repeat(40), SEED_ADMIN_PASSWORD: 'a-chosen-Passw0rd' };
  expect(() => loadConfig({ ...base, NODE_ENV: 'production', CLOCK_OFFSET_FILE: file })).toThrow(/CLOCK_OFFSET_FILE/);
  expect(loadConfig({ ...base, CLOCK_OFFSET_FILE: file }).clockOffsetFile).toBe(file);
  expect(loadConfig(base).clockOffsetFile).toBeNull();

  // No file yet: the real time.
  const clock = fileOffsetClock(file, 10);
  try {
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
    await writeFile(file, String(120_000));
    const deadline = Date.now() + 5_000;
    while (clock.now() - Date.now() < 100_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(clock.now() - Date.now()).toBeGreaterThanOrEqual(119_900);
    await writeFile(file, 'not a number');
    while (clock.now() - Date.now() > 1_000 && Date.now() < deadline + 5_000) await new Promise((r) => setTimeout(r, 20));
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
  } finally {
    clock.close();
  }
});
