/**
 * No import cycle anywhere: in any workspace package, in scripts/ and tooling/, nor between them.
 * A module must never come back to itself, or loading it depends on the order in which modules
 * were first imported (a half-initialised module, `undefined` at first use), and the layers of
 * ARCHITECTURE.md stop meaning anything. `pnpm start`, `pnpm test` and `pnpm bench` (scripts/) run
 * the API and its helpers (api/scripts, api/bench); scripts/ may use api's entry points and api/
 * never imports scripts/ (api-layer-imports.test.ts), and no loop may close through them. Between packages, the ESLint layer
 * rules (tooling/eslint/layers.mjs) already forbid every import upwards, so a cycle can only form
 * inside one package, through relative imports, which this reads.
 *
 * It reads every module (static `import … from`, `export … from` and literal dynamic `import('…')`
 * of relative paths, type-only imports included: they tie the modules' design together all the
 * same), resolves them as Node, tsx and the bundler do, and fails on any cycle. There is no
 * allow-list. A few hundred files read as text take well under a second; madge or
 * dependency-cruiser would add a dependency and a TypeScript program for the same answer.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { GENERATED_FOLDERS, importedPaths, sourceFiles } from './source-files';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs'];

const root = path.resolve(__dirname, '../..');
const FOLDERS = (/^packages:\n((?:\s+-.*\n)+)/m.exec(readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8'))?.[1] ?? '')
  .split('\n')
  .map((line) => /^\s+-\s+([\w-]+)\s*$/.exec(line)?.[1])
  .filter((name): name is string => name !== undefined)
  .concat(['scripts', 'tooling']);
/** The file a relative import names, as Node (with its extension) or tsx (without one, or a folder's index) finds it. */
function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  // `./x.js` written for a TypeScript file `./x.ts`.
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'));
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/** Every cycle of the graph, each once (Tarjan's strongly connected components of more than one file, or a file importing itself). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return components;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder), { skip: [...GENERATED_FOLDERS, 'drizzle'] }));
  for (const file of files) {
    const targets = importedPaths(readFileSync(file, 'utf8'))
      .map((spec) => resolve(file, spec))
      .filter((target): target is string => target !== null && FOLDERS.some((folder) => target.startsWith(path.join(root, folder) + path.sep)));
    graph.set(
      path.relative(root, file),
      targets.map((target) => path.relative(root, target)),
    );
  }
  return graph;
}

test('the check reads imports and finds cycles', () => {
  expect(importedPaths("import { a } from './a';\nimport type { B } from '../b.ts';\nexport * from './c.mjs';\nconst d = await import('./d.mjs');")).toEqual([
    './a',
    '../b.ts',
    './c.mjs',
    './d.mjs',
  ]);
  expect(importedPaths("// import { a } from './a';\nimport pg from 'pg';")).toEqual([]);
  expect(importedPaths("// bench/*-bench.mjs\nimport { b } from './b.mjs';\n/** x */")).toEqual(['./b.mjs']);
  const graph = new Map([
    ['api/a.ts', ['scripts/b.mjs']],
    ['scripts/b.mjs', ['api/a.ts']],
    ['api/c.ts', ['api/a.ts']],
  ]);
  expect(cyclesOf(graph)).toEqual([['api/a.ts', 'scripts/b.mjs']]);
});

test('the modules of every package, scripts/ and tooling/ are read', () => {
  const graph = importGraph();
  expect(FOLDERS).toEqual(
    expect.arrayContaining(['api', 'contracts', 'host', 'remote-campaigns', 'shared-auth', 'shared-ui', 'website-script', 'scripts', 'tooling']),
  );
  expect(graph.get(path.join('scripts', 'lib', 'pg-throwaway.mjs'))).toEqual(expect.arrayContaining([path.join('api', 'scripts', 'pg-throwaway.mjs')]));
  expect(graph.get(path.join('host', 'src', 'bootstrap.tsx'))?.length).toBeGreaterThan(0);
});

test('no import cycle in any package, nor between api/ and scripts/', () => {
  expect(cyclesOf(importGraph())).toEqual([]);
});
