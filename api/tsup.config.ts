import { cpSync, rmSync } from 'node:fs';
import { defineConfig } from 'tsup';

// One ESM file for Node 20. The workspace package `contracts` ships TypeScript sources, so it is
// bundled in; every other dependency stays in node_modules. The migrations are copied next to the
// bundle (dist/drizzle), where src/paths.ts looks first.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['contracts'],
  async onSuccess() {
    rmSync('dist/drizzle', { recursive: true, force: true });
    cpSync('drizzle', 'dist/drizzle', { recursive: true });
  },
});
