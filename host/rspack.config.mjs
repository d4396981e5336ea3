import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { createAppConfig } from '../tooling/rspack/app-config.mjs';
import { CompressDistPlugin } from '../tooling/rspack/compress-plugin.mjs';

const require = createRequire(import.meta.url);
const SIGN_IN_DIR = 'static/sign-in';
/** The sign-in bundle's entry files (URLs), recorded when its compilation is done, read by index.html's build. */
let signInFiles = [];
/** The sign-in page prerendered (global styles once, markup of #root per language), set when the prerender compilation is done. */
let signInPages = { styles: '', pages: {} };
const LANGUAGES = ['en', 'fr', 'ar'];
const PRERENDER_DIR = path.join(import.meta.dirname, 'node_modules/.cache/sign-in-prerender');

// The host exposes nothing and knows no remote at build time: remotes come from
// /runtime-config.json at start (see src/federation/remotes.ts).
const hostConfig = createAppConfig({
  appDir: import.meta.dirname,
  name: 'host',
  port: 3000,
  title: 'Signpost',
  publicPath: '/',
  // The page's one federation runtime, which the remotes' entries use (they carry none).
  federationRuntime: 'provide',
  // The sign-in page's and the console's first render: both need the message catalogue (form fields' codes).
  preloadFiles: ['/runtime-config.json', '/locales/{lng}/common.json', '/locales/{lng}/host.json', '/locales/{lng}/messages.json'],
  runtimePlugins: [path.join(import.meta.dirname, 'src/federation/retry-plugin.ts'), path.join(import.meta.dirname, 'src/federation/isolation-plugin.ts')],
  // index.html loads the scripts itself: the sign-in bundle on /login without a session, else the console.
  html: {
    inject: false,
    templateParameters: (params) => ({
      // Not injected either (inject: false): the icon link the plugin would have added.
      headTags: '<link rel="icon" href="/favicon.svg" />',
      // Inlined in a <script>: no "</" may close it early.
      scripts: JSON.stringify({ main: params.htmlRspackPlugin.files.js, signIn: signInFiles, prerendered: signInPages })
        .replace(/<\//g, '<\\/')
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029'),
    }),
  },
});

/**
 * The sign-in bundle (src/sign-in): the /login page alone, built WITHOUT module federation so that
 * it is tree-shaken and carries no federation runtime, router, layout or remote loading (the
 * sign-in page has its own JavaScript and LCP budgets). It shares nothing with the console at run
 * time: after sign-in the page loads the console, which takes the session from storage.
 */
function signInConfig(main) {
  const define = main.plugins.find((p) => p instanceof rspack.DefinePlugin);
  return {
    name: 'sign-in',
    context: main.context,
    mode: main.mode,
    devtool: main.devtool,
    entry: { 'sign-in': './src/sign-in/index.tsx' },
    output: {
      path: path.join(main.output.path, SIGN_IN_DIR),
      publicPath: `/${SIGN_IN_DIR}/`,
      uniqueName: 'host_sign_in',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      clean: true,
    },
    resolve: main.resolve,
    module: {
      rules: [
        ...main.module.rules,
        // The workspace packages are side-effect free apart from what their used exports run: let
        // the unused parts (guards, CASL, data table…) drop out of this bundle.
        { test: /[\\/](shared-auth|shared-data|shared-ui|shared-i18n|contracts)[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      define,
      new CompressDistPlugin(),
      {
        apply(compiler) {
          compiler.hooks.done.tap('SignInFiles', (stats) => {
            const { entrypoints } = stats.toJson({ all: false, entrypoints: true });
            signInFiles = entrypoints['sign-in'].assets
              .map((a) => a.name)
              .filter((n) => n.endsWith('.js'))
              .map((n) => `/${SIGN_IN_DIR}/${n}`);
          });
        },
      },
    ],
    optimization: { minimize: true },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * Build-time prerender of the sign-in page (src/sign-in/prerender.tsx), compiled for Node next to the
 * bundles and run as soon as it is built; index.html inlines its output (see tooling/rspack/index.html).
 */
function prerenderConfig(main) {
  return {
    name: 'prerender',
    context: main.context,
    mode: main.mode,
    target: 'node',
    devtool: false,
    entry: { prerender: './src/sign-in/prerender.tsx' },
    output: { path: PRERENDER_DIR, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: main.resolve,
    module: { rules: main.module.rules },
    plugins: [
      main.plugins.find((p) => p instanceof rspack.DefinePlugin),
      {
        apply(compiler) {
          compiler.hooks.done.tapPromise('SignInPrerender', async (stats) => {
            if (stats.hasErrors()) return;
            const file = path.join(compiler.outputPath, 'prerender.cjs');
            delete require.cache[file];
            const { prerenderSignIn } = require(file);
            const read = (f) => JSON.parse(readFileSync(f, 'utf8'));
            const resources = Object.fromEntries(
              LANGUAGES.map((lng) => [
                lng,
                {
                  common: read(path.join(import.meta.dirname, '../shared-i18n/locales', lng, 'common.json')),
                  host: read(path.join(import.meta.dirname, 'src/locales', lng, 'host.json')),
                },
              ]),
            );
            signInPages = await prerenderSignIn(resources);
          });
        },
      },
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * `console-files.json`: the console's JavaScript for a signed-in first screen — the entry, the
 * bootstrap and layout chunks, the shared modules and the contracts (the remotes' manifests are
 * checked with them) — without the screens loaded on demand (auth pages, profile, notifications)
 * or the facades only remotes' other screens use. The sign-in page prefetches these files at low
 * priority once the person starts typing (src/sign-in/prefetch-console.ts), so the console that
 * follows the click finds them in the HTTP cache. Only hashed, immutable files are listed.
 */
const NOT_FIRST_SCREEN =
  /features[\\/](auth|notifications|profile)[\\/]|BareArea|shared-ui[\\/](overlays|data-table|audience-builder)|^shared-ui\/(overlays|data-table|audience-builder)$/;
class ConsoleFilesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ConsoleFiles', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ConsoleFiles', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = new Set();
        for (const group of compilation.chunkGroups) {
          const origins = group.origins ?? [];
          const onDemand =
            origins.length > 0 && origins.every((o) => NOT_FIRST_SCREEN.test(o.request ?? '') || NOT_FIRST_SCREEN.test(o.module?.resource ?? ''));
          if (onDemand) continue;
          for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js') && file.startsWith('static/js/')) files.add(`/${file}`);
        }
        compilation.emitAsset('console-files.json', new rspack.sources.RawSource(JSON.stringify([...files].sort())));
      });
    });
  }
}

export default (env, argv) => {
  const main = hostConfig(env, argv);
  // `rspack serve` (pnpm dev) serves the console alone: index.html then loads it on /login too.
  if (argv.mode !== 'production') return main;
  main.name = 'host';
  main.dependencies = ['sign-in', 'prerender'];
  main.plugins.push(new ConsoleFilesPlugin());
  // The console's build must not wipe the sign-in bundle built just before it into the same folder.
  main.output.clean = { keep: (file) => /[\\/]static[\\/]sign-in([\\/]|$)/.test(file) };
  return [signInConfig(main), prerenderConfig(main), main];
};
