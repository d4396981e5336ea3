#!/usr/bin/env node
// Serve one built app on its own, e.g. to deploy or try a single remote:
//   node tooling/serve/cli.mjs remote-settings/dist --port 3003
//   node tooling/serve/cli.mjs host/dist --port 3000 --spa --runtime-config-from-env
//   node tooling/serve/cli.mjs host/dist --spa --runtime-config ./runtime-config.json
//   node tooling/serve/cli.mjs remote-settings/dist --port 3003 --cors-origin https://console.example.com
// Options: --port N (default 0 = any free port), --host H (default 0.0.0.0), --spa, --no-cors,
// --cors-origin O (repeatable or comma-separated: only these origins may fetch the files; default any
// origin, never on HTML pages), --runtime-config <file> | --runtime-config-from-env
// (scripts/runtime-config.mjs; also the source of the console's Content-Security-Policy),
// --uploads-url U (the API's public address for images, when not the runtime config's API URL;
// default $PUBLIC_API_URL), --json (print one JSON line { url, port } once listening, for scripts
// and tests), --trust-proxy (believe X-Forwarded-Proto from the one proxy in front, for
// Strict-Transport-Security over HTTPS; default: the proxies $TRUST_PROXY names). SIGINT/SIGTERM close it.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startStaticServer } from './static-server.mjs';
import { trustProxyFromEnv } from './trust-proxy.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '0.0.0.0' },
    spa: { type: 'boolean', default: false },
    'no-cors': { type: 'boolean', default: false },
    'cors-origin': { type: 'string', multiple: true },
    'uploads-url': { type: 'string' },
    'runtime-config': { type: 'string' },
    'runtime-config-from-env': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'trust-proxy': { type: 'boolean', default: false },
  },
});

if (positionals.length !== 1) {
  console.error(
    'usage: node tooling/serve/cli.mjs <dist-dir> [--port N] [--host H] [--spa] [--no-cors | --cors-origin O...] [--runtime-config file | --runtime-config-from-env] [--uploads-url U] [--json]',
  );
  process.exit(2);
}

let runtimeConfig;
if (values['runtime-config']) {
  runtimeConfig = JSON.parse(await readFile(values['runtime-config'], 'utf8'));
} else if (values['runtime-config-from-env']) {
  // Imported lazily: scripts/ is not part of a deployed remote.
  const { buildRuntimeConfig } = await import('../../scripts/runtime-config.mjs');
  runtimeConfig = buildRuntimeConfig(process.env);
}

const server = await startStaticServer({
  root: positionals[0],
  port: Number(values.port),
  host: values.host,
  spa: values.spa,
  cors: values['no-cors']
    ? false
    : values['cors-origin']?.length
      ? values['cors-origin'].flatMap((o) => o.split(',').map((x) => x.trim())).filter(Boolean)
      : true,
  runtimeConfig,
  uploadsBaseUrl: values['uploads-url'] ?? process.env.PUBLIC_API_URL ?? null,
  // The bare flag: the one proxy in front; else what TRUST_PROXY names.
  trustProxy: values['trust-proxy'] ? 1 : trustProxyFromEnv(process.env.TRUST_PROXY),
});
if (values.json) console.log(JSON.stringify({ url: server.url, port: server.port }));
else console.log(`Serving ${positionals[0]} on ${server.url}`);

const stop = () => server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
