/**
 * The layers of ARCHITECTURE.md ("Layers"), as ESLint rules. Each workspace package lists the
 * workspace packages it may import; every other one is refused, by package name and by a relative
 * path into its `src/`. Inside the API, a layer may not import the layers above it. In the console,
 * only a feature's `api/` folder (one file per call) and the data package reach the HTTP client:
 * a screen reads data through a query hook, never by calling the API itself.
 *
 * ESLint keeps one set of options per rule and file (the last matching object wins), so every
 * object below carries the whole list for its files rather than adding to an earlier one.
 * tooling/checks/layers.test.ts lints a small violating file for each rule and expects the error.
 */

const REMOTES = ['remote-campaigns', 'remote-dashboard', 'remote-settings', 'remote-tours-checklists'];
const SHARED = ['shared-i18n', 'shared-auth', 'shared-data', 'shared-ui', 'shared-content'];
const WORKSPACE = ['contracts', ...SHARED, 'host', ...REMOTES, 'website-script', 'api'];

/**
 * What each package may import of ours (besides itself). Lower layers first: a package never
 * imports one listed after it, so no cycle can form between packages.
 */
const ALLOWED = {
  contracts: [],
  'shared-i18n': ['contracts'],
  // The session (tokens, user, permissions, ability): no UI, no HTTP client of the console's calls.
  'shared-auth': ['contracts', 'shared-i18n'],
  // The data package (the HTTP client, callApi, the query client and hooks, live events) renders
  // nothing: it sits under every UI package, and the session is all it needs of ours.
  'shared-data': ['contracts', 'shared-i18n', 'shared-auth'],
  // The facade over Chakra; its form helpers read the data package's error shapes.
  'shared-ui': ['contracts', 'shared-i18n', 'shared-auth', 'shared-data'],
  'shared-content': ['contracts', 'shared-i18n', 'shared-auth', 'shared-data', 'shared-ui'],
  // The host and the remotes meet only through module federation (manifests and exposed screens
  // loaded at run time), never by import: each deploys on its own.
  host: ['contracts', ...SHARED],
  ...Object.fromEntries(REMOTES.map((remote) => [remote, ['contracts', ...SHARED]])),
  // Runs on every customer page: contracts only (and only `contracts/script`, see eslint.config.mjs).
  'website-script': ['contracts'],
  api: ['contracts'],
};

/**
 * Files that still cross a layer today, each allowed the one package it needs until the move that
 * removes it. shared-auth still holds the query client, the form helpers, the standalone page and
 * the screen-test harness, which use shared-ui; the split of shared-auth (the `data-layer` branch)
 * moves them to shared-data, shared-ui and shared-content. Delete the entry with that move.
 */
const PACKAGE_EXCEPTIONS = [
  {
    pkg: 'shared-auth',
    allow: ['shared-ui'],
    files: [
      'shared-auth/src/queries.ts',
      'shared-auth/src/form-errors.ts',
      'shared-auth/src/use-confirmed-action.ts',
      'shared-auth/src/use-dialog-form.ts',
      'shared-auth/src/standalone/index.tsx',
      'shared-auth/src/test-utils/screen-harness.tsx',
    ],
  },
];

/** Subpaths a package may import although the package as a whole is not allowed. */
const ALLOWED_SUBPATHS = {
  // The messenger settings preview renders the visitor's messenger with the script's own view and
  // texts, so the preview cannot drift from what visitors see. Both modules are DOM-only, no React.
  'remote-settings': { 'website-script': ['messenger-view', 'texts'] },
  // The popup editor's preview is the visitor's popup surface itself, for the same reason.
  'remote-campaigns': { 'website-script': ['popup-preview'] },
};

/** Libraries a package may not import even when installed in the workspace. */
const FORBIDDEN_LIBRARIES = {
  contracts: ['react', 'react-dom', 'axios', '@tanstack/react-query', 'fastify', 'drizzle-orm'],
  'shared-i18n': ['axios'],
  'shared-data': ['react-dom', 'lucide-react', '@emotion/react'],
  'website-script': ['react', 'react-dom', 'zod', 'axios'],
  api: ['react', 'react-dom', 'axios', '@tanstack/react-query', 'i18next-browser-languagedetector'],
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SEE = 'See ARCHITECTURE.md, "Layers".';

function packagePatterns(pkg, alsoAllowed = []) {
  const allowed = new Set([pkg, ...ALLOWED[pkg], ...alsoAllowed]);
  const subpaths = ALLOWED_SUBPATHS[pkg] ?? {};
  const patterns = WORKSPACE.filter((other) => !allowed.has(other)).map((other) => {
    const open = subpaths[other] ? `(?!/(?:${subpaths[other].map(escape).join('|')})$)` : '';
    return {
      regex: `^${escape(other)}${open}(/|$)`,
      message: `'${pkg}' may not import '${other}'. ${SEE}`,
    };
  });
  patterns.push({
    regex: `^(\\.\\./)+(${WORKSPACE.filter((other) => other !== pkg)
      .map(escape)
      .join('|')})/src(/|$)`,
    message: `Import another package by its name, never by a relative path into its sources. ${SEE}`,
  });
  for (const library of FORBIDDEN_LIBRARIES[pkg] ?? []) {
    patterns.push({ regex: `^${escape(library)}(/|$)`, message: `'${pkg}' may not depend on '${library}'. ${SEE}` });
  }
  // One Chakra (only shared-ui may import it). An app that imports Chakra directly builds fine,
  // then fetches a partial second Chakra at run time and crashes on a missing provider.
  if (pkg !== 'shared-ui') patterns.push({ regex: '^@chakra-ui(/|$)', message: "Import from 'shared-ui' (the facade) instead." });
  return patterns;
}

/**
 * The API's layers, top to bottom: routes, then services (and delivery), then stores, then db.
 * `plugins/` (request hooks) and `http/` sit beside routes. A layer never imports one above it.
 */
const API_ABOVE = {
  services: ['routes', 'plugins', 'http'],
  delivery: ['routes', 'plugins', 'http'],
  stores: ['routes', 'services', 'delivery', 'plugins', 'http'],
  db: ['routes', 'services', 'delivery', 'stores', 'plugins', 'http'],
  lib: ['routes', 'services', 'delivery', 'stores', 'plugins', 'http', 'db'],
};

/**
 * Imports that break the API's layers today, each allowed for one file only until the move that
 * removes it. Delete an entry with its move.
 */
const API_EXCEPTIONS = {
  // The user view's columns live in services/users, until they move to the users' store.
  'api/src/stores/admin.ts': ['../services/users'],
  // The content kinds' document and rule types live beside their routes (services/campaign-kinds
  // once the `api-layers` branch lands), while the store that reads them is generic over them:
  // they belong in a module under stores/ (or contracts), which ends the exception.
  'api/src/stores/campaigns.ts': ['../routes/campaigns/kinds', '../services/campaign-kinds'],
  // The demo seed builds popups with the kinds' popup rules and writes them through the store.
  'api/src/db/seed.ts': ['../routes/campaigns/kinds', '../services/campaign-kinds', '../stores/campaigns'],
};

function apiLayerPattern(layer, allowedSpecs = []) {
  const open = allowedSpecs.length ? `(?!(?:${allowedSpecs.map(escape).join('|')})$)` : '';
  return {
    regex: `^${open}(\\./|(\\.\\./)+)(${API_ABOVE[layer].join('|')})(/|$)`,
    message: `api/src/${layer} may not import ${API_ABOVE[layer].join(', ')} (a layer above it). ${SEE}`,
  };
}

/** Nothing in the API's sources reaches for the repository's or the API's scripts. */
const API_NO_SCRIPTS = {
  regex: '^(\\.\\./)+scripts(/|$)',
  message: `The API's sources may not import scripts/ (start, test, bench tooling). ${SEE}`,
};

const restricted = (patterns) => ({ 'no-restricted-imports': ['error', { patterns: patterns.map((pattern) => ({ ...pattern, caseSensitive: true })) }] });

const packageConfigs = [
  ...Object.keys(ALLOWED).map((pkg) => ({ files: [`${pkg}/**`], rules: restricted(packagePatterns(pkg)) })),
  ...PACKAGE_EXCEPTIONS.map(({ pkg, allow, files }) => ({ files, rules: restricted(packagePatterns(pkg, allow)) })),
];

const apiSourceConfigs = [
  { files: ['api/src/**'], rules: restricted([...packagePatterns('api'), API_NO_SCRIPTS]) },
  ...Object.keys(API_ABOVE).map((layer) => ({
    files: [`api/src/${layer}/**`],
    rules: restricted([...packagePatterns('api'), API_NO_SCRIPTS, apiLayerPattern(layer)]),
  })),
  ...Object.entries(API_EXCEPTIONS).map(([file, specs]) => ({
    files: [file],
    rules: restricted([...packagePatterns('api'), API_NO_SCRIPTS, apiLayerPattern(file.split('/')[2], specs)]),
  })),
];

/** The console's packages whose screens read data: only their `api/` folders call the HTTP client. */
const CONSOLE_SOURCES = ['host/src/**', ...REMOTES.map((remote) => `${remote}/src/**`), 'shared-content/src/**', 'shared-ui/src/**'];
const NOT_SCREENS = ['**/api/**', '**/*.test.*', '**/test/**', '**/test-utils/**', '**/testing/**', '**/testing.*'];
const HTTP_MESSAGE =
  "A screen reads data through a query hook over its feature's api/ call (one file per call, derived from its contract), never by calling the API itself. " +
  'See ARCHITECTURE.md, "The data path, from contract to screen".';
const DATA_PACKAGES = ['shared-auth', 'shared-data'];

const dataPathConfig = {
  files: CONSOLE_SOURCES,
  ignores: NOT_SCREENS,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [
          ...DATA_PACKAGES.map((name) => ({ name, importNames: ['callApi', 'api', 'apiClient', 'dataOf'], message: HTTP_MESSAGE })),
          { name: 'axios', message: HTTP_MESSAGE },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      { selector: "CallExpression[callee.name='fetch']", message: HTTP_MESSAGE },
      { selector: "CallExpression[callee.property.name='fetch'][callee.object.name=/^(window|globalThis|self)$/]", message: HTTP_MESSAGE },
    ],
  },
};

/**
 * Files outside the rule, each with its reason: the host's three fetch something that is not our
 * API; the standalone page signs in before any remote code runs. Delete an entry when its file no
 * longer needs it.
 */
const DATA_PATH_EXCEPTIONS = [
  {
    // The runtime config is a static file next to the host, read before the API's address is known.
    files: ['host/src/config/runtime-config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The sign-in page prefetches the console's static files while the person types (no data).
    files: ['host/src/sign-in/prefetch-console.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // OpenID discovery is asked of the organisation's identity provider, not of our API.
    files: ['host/src/features/auth/identity-provider.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The standalone page of a remote signs in before any remote code runs: the session's own call,
    // as the host's sign-in screens below make it (once the shared-auth split moves it here).
    files: ['shared-content/src/standalone/index.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
];

export const layerConfigs = [...packageConfigs, ...apiSourceConfigs, dataPathConfig, ...DATA_PATH_EXCEPTIONS];
