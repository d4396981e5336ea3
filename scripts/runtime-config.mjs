#!/usr/bin/env node
// The host's /runtime-config.json, built from the environment when the host is served. No remote
// URL is baked into the host bundle: moving a remote or the API means changing an
// env var and restarting the static server, never rebuilding. The shape is `runtimeConfigSchema` in
// contracts/src/manifest.ts.
//
// Env: SIGNPOST_API_URL, SIGNPOST_REMOTE_<APP>_URL for each remote of the registry (remoteEnvVar),
//      OIDC_ISSUER + OIDC_CLIENT_ID (both needed to show the identity-provider button), OIDC_FLOW
//      (token|code, default token), OIDC_SCOPES (comma-separated extra scopes), OIDC_NAME.
// Run directly to print the config for the current environment:
//   node scripts/runtime-config.mjs > host/dist/runtime-config.json
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES as REGISTRY, remoteDevUrl, remoteEnvVar } from '../tooling/remotes.mjs';

/** The remotes the host knows of: the registry (contracts/src/remotes.json), each with its env var. */
export const REMOTES = REGISTRY.map((r) => ({ ...r, env: remoteEnvVar(r) }));

const stripSlash = (url) => url.replace(/\/+$/, '');

/**
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ apiBaseUrl: string, identityProvider: null | { issuer: string, clientId: string,
 *   flow: string, scopes: string[], name: string }, remotes: { name: string, section: string,
 *   entry: string, basePaths: string[] }[] }}
 */
export function buildRuntimeConfig(env = process.env) {
  const identityProvider =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          flow: env.OIDC_FLOW || 'token',
          scopes: (env.OIDC_SCOPES || '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          name: env.OIDC_NAME || 'SSO',
        }
      : null;
  return {
    apiBaseUrl: stripSlash(env.SIGNPOST_API_URL || 'http://localhost:4000'),
    identityProvider,
    remotes: REMOTES.map((r) => ({
      name: r.name,
      section: r.section,
      entry: `${stripSlash(env[r.env] || remoteDevUrl(r))}/mf-manifest.json`,
      basePaths: [...r.basePaths],
    })),
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) console.log(JSON.stringify(buildRuntimeConfig(process.env), null, 2));
