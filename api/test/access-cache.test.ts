import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { withTestApp, type TestApp } from './support/test-app';

/**
 * The access hook keeps sessions, permissions and websites between calls. What it
 * keeps must never outlive a change: in the same process the next call sees it, and another API
 * process on the same database hears of it through PostgreSQL (or the same PGlite engine).
 */
let t: TestApp;
withTestApp((app) => (t = app));

const listRoles = (headers: Record<string, string>, app = t.app) => app.inject({ method: 'GET', url: '/api/roles', headers });

async function eventually(read: () => Promise<number>, want: number): Promise<number> {
  const deadline = Date.now() + 5000;
  let got = await read();
  while (got !== want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    got = await read();
  }
  return got;
}

test('a permission taken away is refused on the very next call of the same process', async () => {
  const owner = await t.createUser({ permissions: ['get_role', 'update_role', 'create_role'] });
  expect((await listRoles(owner.headers)).statusCode).toBe(200);
  expect((await listRoles(owner.headers)).statusCode).toBe(200); // now kept
  const roles = (await listRoles(owner.headers)).json() as { docs: { _id: string; name: string; permissions: string[] }[] };
  const own = roles.docs.find((r) => r.permissions.includes('get_role'))!;
  const res = await t.request({
    method: 'PUT',
    url: `/api/roles/${own._id}`,
    headers: owner.headers,
    payload: { name: own.name, permissions: ['update_role', 'create_role'] },
  });
  expect(res.statusCode).toBe(200);
  expect((await listRoles(owner.headers)).statusCode).toBe(403);
});

test('signing out is seen by the next call, and by another API process on the same database', async () => {
  const user = await t.createUser({ permissions: ['get_role'] });
  const database = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 2 }) : t.database;
  const other = await buildApp(t.config, { database, logger: false });
  try {
    expect((await listRoles(user.headers)).statusCode).toBe(200);
    expect((await listRoles(user.headers, other)).statusCode).toBe(200); // kept by the other process too
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: user.refreshToken } });
    expect(out.statusCode).toBe(200);
    expect((await listRoles(user.headers)).statusCode).toBe(401);
    expect(await eventually(async () => (await listRoles(user.headers, other)).statusCode, 401)).toBe(401);
  } finally {
    await other.close();
    if (t.databaseUrl) await database.close();
  }
});
