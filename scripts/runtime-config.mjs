#!/usr/bin/env node
// The host's /runtime-config.json, built from the environment when the host is served. No remote
// URL is baked into the host bundle (issue 2, item 2): moving a remote or the API means changing an
// env var and restarting the static server, never rebuilding. The shape is `runtimeConfigSchema` in
// contracts/src/manifest.ts.
//
// Env: SIGNPOST_API_URL, SIGNPOST_REMOTE_{CAMPAIGNS,TOURS_CHECKLISTS,SETTINGS,DASHBOARD}_URL,
//      OIDC_ISSUER + OIDC_CLIENT_ID (both needed to show the identity-provider button), OIDC_FLOW
//      (token|code, default token), OIDC_SCOPES (comma-separated extra scopes), OIDC_NAME.
// Run directly to print the config for the current environment:
//   node scripts/runtime-config.mjs > host/dist/runtime-config.json
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The remotes the host knows of: federation name, section id, default origin, the paths it owns. */
export const REMOTES = [
  {
    app: 'remote-campaigns',
    name: 'remote_campaigns',
    section: 'campaigns',
    env: 'SIGNPOST_REMOTE_CAMPAIGNS_URL',
    port: 3001,
    basePaths: ['/posts', '/banners', '/push_notification'],
  },
  {
    app: 'remote-tours-checklists',
    name: 'remote_tours_checklists',
    section: 'toursChecklists',
    env: 'SIGNPOST_REMOTE_TOURS_CHECKLISTS_URL',
    port: 3002,
    basePaths: ['/tour', '/pretour', '/checklist'],
  },
  {
    app: 'remote-settings',
    name: 'remote_settings',
    section: 'settings',
    env: 'SIGNPOST_REMOTE_SETTINGS_URL',
    port: 3003,
    basePaths: ['/user', '/role', '/group', '/invitations', '/websites', '/settings', '/installation-guide', '/notifications'],
  },
  {
    app: 'remote-dashboard',
    name: 'remote_dashboard',
    section: 'dashboard',
    env: 'SIGNPOST_REMOTE_DASHBOARD_URL',
    port: 3004,
    basePaths: ['/dashboard'],
  },
];

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
      entry: `${stripSlash(env[r.env] || `http://localhost:${r.port}`)}/mf-manifest.json`,
      basePaths: [...r.basePaths],
    })),
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) console.log(JSON.stringify(buildRuntimeConfig(process.env), null, 2));
