import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, TMP_DIR, writeState } from './support/state';
import { PushServiceStandIn } from '../api/test/support/push-service';
import { PUSH_SERVICE_CERT, PUSH_SERVICE_HOST, PUSH_SERVICE_KEY } from './support/push-service';

/** The handle startProduct returns (scripts/lib/product.mjs), as far as the suite uses it. */
export interface ProductHandle {
  urls: Record<string, string>;
  dataDir: string;
  stop(): Promise<void>;
}

declare global {
  // Shared with global-teardown.ts: both run in Playwright's runner process.
  var __signpostProduct: ProductHandle | undefined;
}

export const CONTROL_PORT = 3999;
export const ACCESS_TOKEN_TTL_SECONDS = 8;

/**
 * Starts the built product as `pnpm start` does (API on PGlite in a fresh data folder, seeded, plus
 * the host's and the four remotes' static servers, the website script's and the demo customer site's), with a short access-token lifetime so a token can
 * expire mid-test, and the control API the stop/start tests use. With E2E_BASE_URL set, the running
 * product is used instead and nothing is started.
 */
export default async function globalSetup(): Promise<void> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    writeState({
      baseURL: external.replace(/\/+$/, ''),
      apiURL: (process.env.E2E_API_URL ?? 'http://localhost:4000').replace(/\/+$/, ''),
      demoSiteURL: (process.env.E2E_DEMO_SITE_URL ?? 'http://localhost:3005').replace(/\/+$/, ''),
      dataDir: process.env.E2E_DATA_DIR ?? null,
      controlURL: process.env.E2E_CONTROL_URL ?? null,
      accessTokenTtlSeconds: process.env.E2E_ACCESS_TOKEN_TTL_SECONDS ? Number(process.env.E2E_ACCESS_TOKEN_TTL_SECONDS) : null,
      owned: false,
      startedAt: new Date().toISOString(),
    });
    return;
  }

  const dataDir = path.join(TMP_DIR, `e2e-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  // product.mjs is plain JavaScript outside this package: loaded at run time, typed by ProductHandle.
  const productModule = pathToFileURL(path.join(ROOT, 'scripts/lib/product.mjs')).href;
  const { startProduct } = (await import(productModule)) as {
    startProduct(options: Record<string, unknown>): Promise<ProductHandle>;
  };
  // The web-push test's push service stands for the browsers' (HTTPS, a certificate of its own): the
  // API trusts it as it trusts theirs through the system's CAs, and may reach it, on loopback, because
  // its host and port are allow-listed.
  const tls = PushServiceStandIn.certificate();
  mkdirSync(TMP_DIR, { recursive: true });
  writeFileSync(PUSH_SERVICE_KEY, tls.key);
  writeFileSync(PUSH_SERVICE_CERT, tls.cert);
  let product: ProductHandle;
  try {
    product = await startProduct({
      dataDir,
      control: CONTROL_PORT,
      quiet: true,
      env: {
        ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
        LOGIN_MAX_FAILURES: '5',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        NODE_EXTRA_CA_CERTS: PUSH_SERVICE_CERT,
        OUTBOUND_ALLOWED_HOSTS: PUSH_SERVICE_HOST,
      },
    });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  globalThis.__signpostProduct = product;
  process.env.E2E_DATA_DIR = dataDir;
  writeState({
    baseURL: product.urls.host,
    apiURL: product.urls.api,
    demoSiteURL: product.urls['demo-site'],
    dataDir,
    controlURL: `http://127.0.0.1:${CONTROL_PORT}`,
    accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    owned: true,
    startedAt: new Date().toISOString(),
  });
}
