// The demo customer site (demo-site/): plain pages that carry the website script's
// installation snippet exactly as the console's installation guide shows it for the seeded "Demo
// website". The snippet holds that website's public key, which is made by the database when the seed
// runs (a random key per data folder), and the script's and the API's addresses, which follow the
// ports in use. So the pages cannot be finished at build time: when the demo site is served, this
// asks the running API for the snippet (signed in as the seeded admin, as the demo traffic does) and
// writes the pages with it into a folder of the data directory. Another data folder, database or port
// gives another snippet, and the page always shows the one the guide shows.
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { consoleClient } from '../demo-traffic.mjs';
import { ROOT } from './proc.mjs';

export const DEMO_SITE_SOURCE = path.join(ROOT, 'demo-site', 'public');
const SERVICE_WORKER_SOURCE = path.join(ROOT, 'website-script', 'public', 'signpost-sw.js');
/** The seeded demo website (api/src/db/seed.ts DEMO_WEBSITE). */
const DEMO_WEBSITE_NAME = 'Demo website';
const SNIPPET_MARK = '<!-- signpost:install-snippet -->';
const NOTICE_MARK = '<!-- signpost:demo-notice -->';
/** The console's address in the pages' "what to try" links (it follows the host's port). */
const CONSOLE_MARK = '__SIGNPOST_CONSOLE__';

const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * The demo website's snippet from the API: GET /api/websites/{id}/install-snippet (contracts'
 * getInstallSnippetCall; this script is plain Node and cannot import the TypeScript contracts, so the
 * path is written here once). The website is the one whose domain is the demo site's host, else the
 * seeded one by name.
 */
export async function fetchDemoSnippet({ api, email, password, siteHost }) {
  const { client, site } = await demoWebsite({ api, email, password, siteHost });
  const res = await client.call('GET', `/api/websites/${encodeURIComponent(site._id)}/install-snippet`);
  if (res.status === 404 && /^Route /.test(res.body?.message ?? '')) {
    throw new Error('this API has no install-snippet call yet (the website script API is not on this branch)');
  }
  if (res.status !== 200 || typeof res.body?.snippet !== 'string') {
    throw new Error(`the install-snippet call answered ${res.status}: ${res.body?.message ?? ''}`);
  }
  return { snippet: res.body.snippet, website: site.name };
}

/** Signs in as the seeded admin and finds the demo website: answers the console client and the website. */
async function demoWebsite({ api, email, password, siteHost }) {
  const client = consoleClient(api.replace(/\/+$/, ''), email, password);
  const user = await client.signIn();
  const site = user.websites.find((w) => w.domain === siteHost) ?? user.websites.find((w) => w.name === DEMO_WEBSITE_NAME);
  if (!site) throw new Error(`${email} has no website named "${DEMO_WEBSITE_NAME}" or with the domain ${siteHost}`);
  client.useWebsite(site._id);
  return { client, site };
}

/** The demo site's signed-in user, as its own server knows them (site.js holds the rest of Ada's profile). */
export const DEMO_USER_ID = 'demo-ada';
/** How long the demo site's server keeps the identity secret before reading it again (a rotation then reaches it). */
const IDENTITY_SECRET_TTL_MS = 60_000;

/**
 * The demo site's server side of identity verification, done as a customer's server does it: it signs
 * its signed-in user's id with the website's identity secret (HMAC-SHA256, hex) and hands the page
 * only that hash, which the page passes to `signpost('identify', { id, …, userHash })`. The secret is
 * read from the API as the seeded admin (GET /api/websites/{id}/identity-verification, contracts'
 * getIdentityVerificationCall), kept a minute in this process, and never sent to a browser.
 * Answers `sign(userId) → Promise<hex>`.
 */
export function demoIdentitySigner({ api, email, password, siteHost }) {
  let website = null;
  let cached = null;
  async function secret() {
    if (cached && Date.now() - cached.at < IDENTITY_SECRET_TTL_MS) return cached.secret;
    website ??= await demoWebsite({ api, email, password, siteHost });
    const { client, site } = website;
    const res = await client.call('GET', `/api/websites/${encodeURIComponent(site._id)}/identity-verification`);
    if (res.status !== 200 || typeof res.body?.secret !== 'string') {
      throw new Error(`the identity-verification call answered ${res.status}: ${res.body?.message ?? ''}`);
    }
    cached = { secret: res.body.secret, at: Date.now() };
    return cached.secret;
  }
  return async (userId) =>
    createHmac('sha256', await secret())
      .update(userId, 'utf8')
      .digest('hex');
}

/**
 * The demo site's own server route: `POST /demo-api/sign-in` answers the signed-in user's id and its
 * `userHash` (a real site would answer it for the user of its session, or render it into the page).
 * 503 with the reason when the hash cannot be made (the API is down, the secret cannot be read).
 */
export function demoSiteRoutes(sign) {
  return (app) => {
    app.post('/demo-api/sign-in', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return { id: DEMO_USER_ID, userHash: await sign(DEMO_USER_ID) };
      } catch (err) {
        return reply.code(503).send({ message: `The demo site could not sign its user's id: ${err.message}` });
      }
    });
  };
}

/**
 * Writes the demo site's pages into `outDir` with `snippet` pasted where a customer would (the end of
 * the <head>'s scripts), or, without one, with a visible notice saying why. Other files are copied.
 */
export async function writeDemoSite({ outDir, snippet, notice, consoleUrl = 'http://localhost:3000' }) {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await cp(DEMO_SITE_SOURCE, outDir, { recursive: true, filter: (src) => !src.endsWith('.html') || path.dirname(src) !== DEMO_SITE_SOURCE });
  // The site hosts Signpost's service worker at its root, as a customer does, for push notifications with the site closed.
  await cp(SERVICE_WORKER_SOURCE, path.join(outDir, 'signpost-sw.js'));
  for (const name of (await readdir(DEMO_SITE_SOURCE)).filter((n) => n.endsWith('.html'))) {
    const page = await readFile(path.join(DEMO_SITE_SOURCE, name), 'utf8');
    const noticeHtml = notice ? `<p class="demo-notice" role="status" data-testid="demo-notice">${escapeHtml(notice)}</p>` : '';
    const written = page
      .replace(SNIPPET_MARK, snippet ?? SNIPPET_MARK)
      .replace(NOTICE_MARK, noticeHtml)
      .replaceAll(CONSOLE_MARK, escapeHtml(consoleUrl.replace(/\/+$/, '')));
    await writeFile(path.join(outDir, name), written);
  }
  await writeCorpus(outDir, snippet);
}

/**
 * The test corpus (e2e/corpus/apps.json): real open-source single-page apps nobody here wrote, taken
 * as built static files from the npm package the e2e package installs, served beside the demo pages
 * under `/<mount>/<dir>/` (their own layout: their shared files find themselves from it) with the
 * snippet pasted at the end of each app's <head>, as their owner would paste it. Without the package
 * (an install without the e2e package's dependencies) there is no corpus, and nothing else changes.
 */
const CORPUS_LIST = path.join(ROOT, 'e2e', 'corpus', 'apps.json');
const corpus = existsSync(CORPUS_LIST) ? JSON.parse(readFileSync(CORPUS_LIST, 'utf8')) : null;

/** Whether a page of the demo site (its path under the site's folder) is one of the corpus's apps. */
export function isCorpusPage(page) {
  return !!corpus && page.startsWith(`${corpus.mount}/`);
}

async function writeCorpus(outDir, snippet) {
  if (!corpus) return;
  const source = path.join(ROOT, 'e2e', 'node_modules', corpus.package);
  if (!existsSync(source)) return;
  const target = path.join(outDir, corpus.mount);
  await mkdir(target, { recursive: true });
  for (const file of corpus.files) await cp(path.join(source, file), path.join(target, file));
  for (const app of corpus.apps) {
    const dir = path.join(target, app.dir);
    await cp(path.join(source, app.dir), dir, { recursive: true, dereference: true });
    if (!snippet) continue;
    const index = path.join(dir, 'index.html');
    const page = await readFile(index, 'utf8');
    await writeFile(index, page.replace(/<\/head>/i, `${snippet}\n</head>`));
  }
}

/**
 * Prepares the pages for serving: the snippet from the API, or a notice when there is none (the API is
 * not running or lacks the call, the website script is not built). Never throws for those: the demo
 * site is served anyway and says what is missing. Answers `{ snippet, notice }`.
 */
export async function prepareDemoSite({ outDir, api, email, password, siteHost, scriptBuilt, consoleUrl }) {
  let snippet = null;
  let notice = null;
  try {
    ({ snippet } = await fetchDemoSnippet({ api, email, password, siteHost }));
  } catch (err) {
    notice = `Signpost is not installed on this demo page: the installation snippet could not be read from the API at ${api} (${err.message}). The API must run and the seeded admin (SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD) must be able to sign in; then restart \`pnpm start\`.`;
  }
  if (snippet && !scriptBuilt) {
    notice =
      'The website script is not built (website-script/dist/signpost.js is missing): the snippet is in this page, but the script it loads answers 404. Build it with `pnpm build`, then restart `pnpm start`.';
  }
  await writeDemoSite({ outDir, snippet, notice, consoleUrl });
  return { snippet, notice };
}
