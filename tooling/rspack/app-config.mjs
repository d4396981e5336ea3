// One rspack configuration for every app of the console (host and remotes), so the federation
// contract (names, shared singletons, file naming, cache-friendly output) is written once.
// Each app calls createAppConfig() from its own rspack.config.mjs and is still built, served and
// deployed on its own: nothing here links apps together at build time.
import { createRequire } from 'node:module';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { CompressDistPlugin } from './compress-plugin.mjs';
import { buildRuntimeConfig } from '../../scripts/runtime-config.mjs';
import { remoteExposes, remoteOfDir } from '../remotes.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');

function installedVersion(appDir, pkg) {
  const require = createRequire(path.join(appDir, 'package.json'));
  let dir = path.dirname(require.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json')) || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== pkg) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`package.json of ${pkg} not found`);
    dir = up;
  }
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/**
 * The singletons of ARCHITECTURE.md ("The shape"). Every entry has an explicit `version` and `requiredVersion`:
 * left implicit, workspace packages would require "workspace:*" and warn at run time.
 * `@chakra-ui/react` is deliberately absent: only `shared-ui` imports it, and `shared-ui` is the
 * singleton, so one Chakra instance runs without shipping all of Chakra (see README, performance).
 */
export function sharedSingletons(appDir) {
  const external = {
    react: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
    'react-dom': ['react-dom', 'react-dom/client'],
    'react-router-dom': ['react-router-dom'],
    'react-router': ['react-router', 'react-router/dom'],
    jotai: ['jotai', 'jotai/vanilla', 'jotai/react', 'jotai/utils', 'jotai/vanilla/utils', 'jotai/react/utils'],
    i18next: ['i18next'],
    'react-i18next': ['react-i18next'],
    '@emotion/react': ['@emotion/react'],
    // The one data layer: one query client, one cache, for the host and every remote.
    '@tanstack/react-query': ['@tanstack/react-query'],
  };
  const shared = {};
  for (const [pkg, entries] of Object.entries(external)) {
    const version = installedVersion(appDir, pkg);
    const major = version.split('.')[0];
    for (const entry of entries) shared[entry] = { singleton: true, version, requiredVersion: `^${major}.0.0`, strictVersion: false };
  }
  // Workspace singletons: the facade packages every remote must take from the host.
  for (const entry of ['shared-auth', 'shared-data', 'shared-i18n', 'shared-ui', 'shared-ui/overlays', 'shared-ui/data-table', 'shared-ui/audience-builder']) {
    const pkg = entry.split('/')[0];
    const version = JSON.parse(readFileSync(path.join(repoRoot, pkg, 'package.json'), 'utf8')).version;
    shared[entry] = { singleton: true, version, requiredVersion: `^${version.split('.')[0]}.0.0` };
  }
  // Measurement only (README, performance): share all of @chakra-ui/react as a singleton, the
  // design the facade replaces, to compare the sign-in page's bytes. Never used for a real build.
  if (process.env.SIGNPOST_MEASURE_WHOLE_CHAKRA === '1') {
    const version = installedVersion(path.join(repoRoot, 'shared-ui'), '@chakra-ui/react');
    shared['@chakra-ui/react'] = { singleton: true, version, requiredVersion: `^${version.split('.')[0]}.0.0` };
  }
  return shared;
}

/**
 * The host-remote contract this build is made against (contracts/src/compatibility.ts), and the
 * version of every shared singleton: a remote's manifest carries both, the host checks them.
 * `SIGNPOST_FEDERATION_CONTRACT` overrides the contract, to produce a skewed build on purpose.
 */
export function buildCompatibility(appDir) {
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'contracts/src/federation-contract.json'), 'utf8'));
  const shared = Object.fromEntries(Object.entries(sharedSingletons(appDir)).map(([name, s]) => [name, s.version]));
  return { contract: process.env.SIGNPOST_FEDERATION_CONTRACT || version, shared };
}

/** What a remote's standalone page imports to get its screens (shared-content/src/standalone/remote-screens.d.ts). */
export const REMOTE_SCREENS_MODULE = '@signpost/remote-screens';

/**
 * A remote's whole configuration, from the registry (contracts/src/remotes.json: name, port, title)
 * and its manifest (the exposes, and the same screens for its standalone page). A remote's
 * rspack.config.mjs is only `export default createRemoteConfig(import.meta.dirname)`.
 */
export function createRemoteConfig(appDir) {
  const remote = remoteOfDir(appDir);
  return async (env, argv) => {
    const exposes = await remoteExposes(appDir);
    // The standalone page's screens, the same modules as the exposes: one lazy import each.
    const loaders = Object.entries(exposes)
      .filter(([exposed]) => exposed !== './manifest')
      .map(([exposed, file]) => `  ${JSON.stringify(exposed)}: () => import(${JSON.stringify(path.join(appDir, file))}),`);
    const screensModule = path.join(appDir, 'node_modules/.signpost/remote-screens.js');
    // The exposed manifest is the author's data plus what the build knows: the contract and the
    // shared singletons' versions it was built with, which the host checks before using the remote.
    const manifestModule = path.join(appDir, 'node_modules/.signpost/manifest.js');
    const compatibility = buildCompatibility(appDir);
    const authoredManifest = path.join(appDir, exposes['./manifest']);
    exposes['./manifest'] = manifestModule;
    const config = await createAppConfig({
      appDir,
      name: remote.name,
      port: remote.port,
      title: remote.title,
      exposes,
      federationRuntime: 'external',
      // Its own page has no host to take the federation runtime from: it loads it first.
      html: { templateParameters: () => ({ headTags: `<script src="/${FEDERATION_RUNTIME_FILE}"></script>` }) },
    })(env, argv);
    config.resolve.alias = { ...config.resolve.alias, [REMOTE_SCREENS_MODULE]: screensModule };
    config.plugins.push(
      new rspack.experiments.VirtualModulesPlugin({
        [screensModule]: `export default {\n${loaders.join('\n')}\n};\n`,
        [manifestModule]: [
          `import manifest from ${JSON.stringify(authoredManifest)};`,
          `export default { ...manifest, contract: ${JSON.stringify(compatibility.contract)}, shared: ${JSON.stringify(compatibility.shared)} };`,
          '',
        ].join('\n'),
      }),
    );
    config.name = remote.name;
    return [config, federationRuntimeConfig(config)];
  };
}

/**
 * A remote's entry takes the federation runtime from the page (externalRuntime): in the console the
 * host provides it. A remote's own page (standalone) has no host, so it loads this file first, a
 * plain bundle of the same runtime that puts it where the host's would be. Not hashed: served
 * `no-cache` like remoteEntry.js.
 */
export const FEDERATION_RUNTIME_FILE = 'federation-runtime.js';
const runtimeCoreDir = (() => {
  const enhanced = createRequire(import.meta.url).resolve('@module-federation/enhanced/rspack');
  const entry = createRequire(enhanced).resolve('@module-federation/runtime-core');
  return entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
})();

function federationRuntimeConfig(main) {
  const entry = path.join(main.context, 'node_modules/.signpost/federation-runtime.js');
  return {
    name: `${main.name}-federation-runtime`,
    // Built after the remote, whose build empties the folder first (output.clean).
    dependencies: [main.name],
    context: main.context,
    mode: main.mode,
    devtool: false,
    target: 'web',
    entry: { 'federation-runtime': entry },
    output: { path: main.output.path, filename: FEDERATION_RUNTIME_FILE, clean: false, iife: true },
    resolve: { alias: { '@module-federation/runtime-core': runtimeCoreDir } },
    plugins: [
      new rspack.experiments.VirtualModulesPlugin({
        [entry]: [
          "import * as runtimeCore from '@module-federation/runtime-core';",
          "// What the host's inject-external-runtime-core plugin does on the console's page.",
          'const target = runtimeCore.Global || globalThis;',
          'if (!target._FEDERATION_RUNTIME_CORE) {',
          '  target._FEDERATION_RUNTIME_CORE = runtimeCore;',
          `  target._FEDERATION_RUNTIME_CORE_FROM = { name: ${JSON.stringify(main.name)}, version: 'standalone' };`,
          '}',
          '',
        ].join('\n'),
      }),
      main.mode === 'production' && new CompressDistPlugin(),
    ].filter(Boolean),
    optimization: { minimize: main.mode === 'production' },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * @param {object} o
 * @param {string} o.appDir        the app's folder (import.meta.dirname)
 * @param {string} o.name          federation name (`host`, `remote_campaigns`)
 * @param {number} o.port          dev-server port
 * @param {Record<string,string>} [o.exposes]
 * @param {string[]} [o.runtimePlugins] absolute paths
 * @param {string} o.title         document title of the app's own page
 * @param {string[]} [o.preloadFiles] files the first render fetches ({lng} = the language), preloaded by
 *                                 index.html while the scripts download
 * @param {{ inject?: boolean, templateParameters?: (params: Record<string, any>) => Record<string, string> }} [o.html]
 *                                 the host's page: its own script loading (index.html picks the sign-in
 *                                 bundle or the console) and extra template parameters
 * @param {string} [o.publicPath]  'auto' for remotes (chunks load next to their remoteEntry, wherever
 *                                 deployed); '/' for the host, whose index.html answers deep links
 *                                 like /role/1/edit and must not resolve its assets relative to them
 * @param {'provide' | 'external'} [o.federationRuntime] the host provides the federation runtime to
 *                                 the page ('provide'); a remote's entry uses it ('external') instead
 *                                 of carrying its own copy (see FEDERATION_RUNTIME_FILE)
 */
export function createAppConfig({ appDir, name, port, exposes, runtimePlugins = [], title, publicPath = 'auto', preloadFiles = [], html, federationRuntime }) {
  return (env, argv) => {
    const production = argv.mode === 'production';
    const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
    // The version a deploy carries: package version plus an optional build label (CI sets it).
    const buildVersion = process.env.SIGNPOST_BUILD_LABEL ? `${pkg.version}+${process.env.SIGNPOST_BUILD_LABEL}` : pkg.version;
    return {
      context: appDir,
      mode: production ? 'production' : 'development',
      // No source maps in production builds: they would publish the original source
      // next to the bundles. The static server refuses `.map` paths as well, in case one is left over.
      // SIGNPOST_SOURCE_MAPS=hidden writes them beside the files without naming them (for reading a
      // CPU profile: scripts/bench/console-profile.mjs), the files themselves unchanged.
      devtool: production ? (process.env.SIGNPOST_SOURCE_MAPS === 'hidden' ? 'hidden-source-map' : false) : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(appDir, 'dist'),
        publicPath,
        uniqueName: name,
        filename: production ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
        chunkFilename: production ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
        assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
        // A chunk that hangs must fail fast enough for the section fallback to appear.
        chunkLoadTimeout: 15000,
        clean: true,
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
      module: {
        rules: [
          {
            test: /\.(t|j)sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
              },
              env: { targets: 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4' },
            },
            type: 'javascript/auto',
          },
          { test: /\.(png|svg|jpe?g|gif|webp)$/, type: 'asset' },
        ],
      },
      plugins: [
        new rspack.DefinePlugin({
          'process.env.SIGNPOST_APP_VERSION': JSON.stringify(buildVersion),
          'process.env.SIGNPOST_APP_NAME': JSON.stringify(name),
          // What the host accepts of a remote (src/federation/compatibility.ts in host).
          'process.env.SIGNPOST_FEDERATION_CONTRACT': JSON.stringify(buildCompatibility(appDir).contract),
          'process.env.SIGNPOST_SHARED_VERSIONS': JSON.stringify(JSON.stringify(buildCompatibility(appDir).shared)),
          // Used only by a remote's standalone page (the host reads the API URL from its runtime config).
          'process.env.SIGNPOST_API_URL': JSON.stringify(process.env.SIGNPOST_API_URL ?? 'http://localhost:4000'),
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedSingletons(appDir),
          // 'version-first' fetches every remote's entry at start: one dead remote would blank the host.
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: true,
          dts: false,
          experiments: {
            // Drops the federation runtime's Node-only code paths (~2 KB on every page).
            optimization: { target: 'web' },
            // One federation runtime on the page, the host's: each remote entry carried its own
            // (18 of its 33 KB gzip), fetched and run four times on every first visit.
            ...(federationRuntime === 'provide' && { provideExternalRuntime: true }),
            ...(federationRuntime === 'external' && { externalRuntime: true }),
          },
        }),
        new rspack.HtmlRspackPlugin({
          // One page template for every app (tooling/rspack/index.html).
          template: path.join(repoRoot, 'tooling/rspack/index.html'),
          templateParameters: html?.templateParameters
            ? (params) => ({ ...params, preloadFiles: JSON.stringify(preloadFiles), scripts: 'null', headTags: '', ...html.templateParameters(params) })
            : { preloadFiles: JSON.stringify(preloadFiles), scripts: 'null', headTags: '' },
          title,
          favicon: path.join(repoRoot, 'tooling/rspack/favicon.svg'),
          inject: html?.inject ?? 'body',
          chunks: ['main'],
        }),
        new rspack.CopyRspackPlugin({
          patterns: [
            { from: path.join(appDir, 'src/locales'), to: 'locales', noErrorOnMissing: true },
            { from: path.join(repoRoot, 'shared-i18n/locales'), to: 'locales' },
            // The message catalogue of contracts (the `messages` namespace), fetched like `common`.
            { from: path.join(repoRoot, 'contracts/locales'), to: 'locales' },
          ],
        }),
        production && new CompressDistPlugin(),
      ].filter(Boolean),
      optimization: {
        minimize: production,
        // Federation needs a single runtime per container.
        runtimeChunk: false,
      },
      performance: { hints: false },
      devServer: {
        port,
        host: '0.0.0.0',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
        // In `pnpm dev` the host's runtime config comes from the same builder as in `pnpm start`.
        setupMiddlewares: (middlewares) => [
          {
            name: 'runtime-config',
            path: '/runtime-config.json',
            middleware: (_req, res) => {
              res.setHeader('Content-Type', 'application/json');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(JSON.stringify(buildRuntimeConfig(process.env)));
            },
          },
          ...middlewares,
        ],
      },
      experiments: {},
      stats: 'errors-warnings',
    };
  };
}
