// Writes .br and .gz siblings of every text asset after a production build, so the static
// server sends precompressed files (smaller and cheaper than compressing per request).
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

export class CompressDistPlugin {
  apply(compiler) {
    const { sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompressDistPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompressDistPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        for (const [file, source] of Object.entries(assets)) {
          if (!/\.(js|css|html|json|svg|map)$/.test(file) || /\.map$/.test(file)) continue;
          const buffer = Buffer.from(source.source());
          if (buffer.length < 512) continue;
          compilation.emitAsset(`${file}.gz`, new sources.RawSource(gzipSync(buffer, { level: 9 })));
          compilation.emitAsset(`${file}.br`, new sources.RawSource(brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })));
        }
      });
    });
  }
}
