// The website script: signpost.js (loader + core, a stable name served `Cache-Control: no-cache`) and
// one hashed chunk per surface under chunks/ (served immutable). Rspack rather than esbuild: esbuild
// splits code only as ES modules, and the snippet loads a classic async <script>; rspack's chunk
// runtime loads the surface chunks from the script's own origin (`publicPath: 'auto'` reads
// `document.currentScript.src` at run time), wherever the customer's page is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { CompressDistPlugin } from '../tooling/rspack/compress-plugin.mjs';

const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8'));

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    target: ['web', 'es2020'],
    entry: { signpost: './src/index.ts' },
    output: {
      path: path.join(import.meta.dirname, 'dist'),
      filename: '[name].js',
      chunkFilename: 'chunks/[name].[contenthash:8].js',
      publicPath: 'auto',
      // Names of our own so a customer's page built with webpack/rspack never shares our chunk registry.
      uniqueName: 'signpost',
      chunkLoadingGlobal: 'signpostChunks',
      clean: true,
      iife: true,
    },
    devtool: false,
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } },
        },
      ],
    },
    optimization: {
      // Helpers several surfaces use are chunks of their own, downloaded once and cached (immutable)
      // whichever surface comes first, never copied into each surface: the shadow-root host and
      // styles (dom.ts), the element waiter, and focus-trap/tabbable (the popup today; the messenger
      // and checklists next). The web-font warm-up (fonts.ts) serves the popup alone, so it stays in
      // the popup's chunk rather than in what a tour downloads. The loader (signpost.js) stays one file.
      splitChunks: {
        chunks: 'async',
        minSize: 0,
        cacheGroups: {
          default: false,
          defaultVendors: false,
          focusTrap: { test: /[\\/]node_modules[\\/].*(focus-trap|tabbable)[\\/]/, name: 'focus-trap', chunks: 'async', enforce: true },
          common: {
            test: /[\\/]src[\\/](surfaces[\\/](dom|element-waiter|corner)|core[\\/]schedule)\.ts$/,
            name: 'surface-common',
            chunks: 'async',
            enforce: true,
          },
        },
      },
      runtimeChunk: false,
      // ASCII-only output: a customer's page without a UTF-8 charset would decode our texts
      // (×, Arabic, emojis) as Latin-1, since a script inherits the page's encoding.
      minimizer: [new rspack.SwcJsMinimizerRspackPlugin({ minimizerOptions: { format: { asciiOnly: true, comments: false } } })],
    },
    performance: { hints: false },
    plugins: [
      new rspack.DefinePlugin({ __SIGNPOST_VERSION__: JSON.stringify(pkg.version) }),
      // The service worker customers download and host at their own origin (never bundled: it must stay readable).
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public/signpost-sw.js' }] }),
      production && new CompressDistPlugin(),
    ].filter(Boolean),
  };
};
