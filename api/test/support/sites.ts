import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from 'contracts';
import { websites } from '../../src/db/schema';
import { randomId, withTestAppAndUser, type TestApp, type TestUser } from './test-app';

/** A website as the website script's tests see it: its owner, and what a customer's page and server know of it. */
export interface Site {
  /** The website's owner, holding every permission. */
  u: TestUser;
  key: string;
  domain: string;
  /** The website's identity secret: identify signs each external id with it, as a customer's server does. */
  secret: string;
}

/** A fresh website (with an owner holding every permission), so tests never share fatigue, caches or content. */
export async function newSite(t: TestApp): Promise<Site> {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
  return { u, key: w.publicKey, domain: w.domain, secret: w.identitySecret };
}

/** Another website of `u`'s organisation, added through the console's call (`u` needs create_websites). */
export async function addWebsite(t: TestApp, u: TestUser, name = 'B'): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/websites', headers: u.headers, payload: { name, domain: `b-${randomId()}.example.com` } });
  return res.json().data._id;
}

/** A collection of the active website's content (tags, workspaces) seen from two websites of one organisation. */
export interface TwoWebsites {
  readonly t: TestApp;
  /** A fresh user each test, who may add websites, tags and workspaces; active on their first website. */
  readonly u: TestUser;
  /** The second website of `u`'s organisation. */
  readonly siteB: string;
  onSite(site: string): Record<string, string>;
  create(site: string, payload: Record<string, unknown>): ReturnType<TestApp['request']>;
  list(site: string, query?: string): ReturnType<TestApp['request']>;
}

/** One app for the file and, before each test, a new user with a second website: the calls of `path` on either. */
export function withTwoWebsites(path: string): TwoWebsites {
  let t: TestApp;
  let u: TestUser;
  let siteB: string;
  withTestAppAndUser(
    { permissions: ['create_websites', 'create_tags', 'delete_tags', 'create_workspaces', 'delete_workspaces'] },
    async (testApp, testUser) => {
      [t, u] = [testApp, testUser];
      siteB = await addWebsite(t, u);
    },
    { eachTest: true },
  );
  const onSite = (site: string) => ({ ...u.headers, activewebsite: site });
  return {
    get t() {
      return t;
    },
    get u() {
      return u;
    },
    get siteB() {
      return siteB;
    },
    onSite,
    create: (site, payload) => t.request({ method: 'POST', url: path, headers: onSite(site), payload }),
    list: (site, query = '') => t.request({ method: 'GET', url: `${path}${query}`, headers: onSite(site) }),
  };
}
