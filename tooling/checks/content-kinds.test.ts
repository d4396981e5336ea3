/**
 * A content kind (popup, banner, push notification; tours, checklists, e-mails next) is declared
 * once: its descriptor in contracts/src/content-kinds.ts. Everything else derives from it, and these
 * checks keep it so (as remote-registry.test.ts does for the remotes):
 *  - the API registers, for each kind, exactly the routes of the descriptor's calls, with the
 *    descriptor's permissions, and no other route under the kind's path; its store serves every
 *    list filter of the descriptor's list query;
 *  - the console's kind screens agree with the descriptors: the remote of the kind's namespace
 *    serves its list, create, view and update routes under the descriptor's base path with the
 *    descriptor's permissions (its manifest is pure data, so it is checked, not derived), and the
 *    shared screens' kind data is `kindScreens(descriptor)`;
 *  - no product source (API, contracts, console, website script, e2e page objects and helpers)
 *    writes a kind's API path, console path, permission or bulk-delete body name anywhere but the
 *    descriptor. Tests are not scanned: they state the fixed paths on purpose, so a descriptor that
 *    changed one would fail them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONTENT_KIND_LIST,
  exportPopupAnswersCall,
  kindPermission,
  type AnyContentKindDescriptor,
  type CallDefinition,
  type RemoteManifest,
} from '../../contracts/src';
import { REMOTES } from '../../contracts/src/remotes';
import { sourceFiles } from './source-files';
import { lineAt, withoutComments } from './source-text';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Where the product's code lives (every remote's sources included, from the registry). */
const PRODUCT_SOURCES = [
  'api/src',
  'contracts/src',
  'host/src',
  'website-script/src',
  'shared-auth/src',
  'shared-data/src',
  'shared-content/src',
  'shared-i18n/src',
  'shared-ui/src',
  'e2e/pages',
  'e2e/support',
  ...REMOTES.map((r) => `${r.app}/src`),
];
/** The one place a kind is written; and the remotes' manifests, pure data that cannot import it (checked against it below). */
const DESCRIPTOR_FILE = 'contracts/src/content-kinds.ts';
const isManifest = (file: string) => /^remote-[a-z-]+\/src\/manifest\.ts$/.test(file);
const isTest = (file: string) => /\.test\.tsx?$|(^|\/)(test|test-utils|__tests__)\//.test(file);

/** The TypeScript sources of a package folder, as paths from the repository's root. */
const sources = (dir: string) =>
  sourceFiles(path.join(root, dir), { skip: ['node_modules', 'dist'], include: /\.(ts|tsx|mts|mjs)$/ }).map((file) =>
    path.relative(root, file).split(path.sep).join('/'),
  );

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A kind's permission actions: the console has always spelt the checklist's duplicate `duplication_checklist`. */
const actionsOf = (kind: AnyContentKindDescriptor) =>
  ['get', 'create', 'update', 'delete', 'cancel', ('duplicateAction' in kind && kind.duplicateAction) || 'duplicate'] as const;

/** What must not be written outside the descriptor: each kind's paths, permissions and bulk-delete body name. */
export function forbiddenLiterals(kind: AnyContentKindDescriptor): { what: string; pattern: RegExp }[] {
  const quotedPath = (p: string) => new RegExp(`['"\`]${escape(p)}(?=[/'"\`?])`);
  return [
    { what: `the API path ${kind.path}`, pattern: quotedPath(kind.path) },
    { what: `the console path ${kind.screens.basePath}`, pattern: quotedPath(kind.screens.basePath) },
    ...actionsOf(kind).map((a) => ({ what: `the permission ${kindPermission(kind, a)}`, pattern: new RegExp(`['"\`]${kindPermission(kind, a)}['"\`]`) })),
    // `{ popups: ids }` or `body.popups`/`body['popups']`: the bulk delete's list, by name.
    {
      what: `the bulk-delete body name ${kind.deleteField}`,
      pattern: new RegExp(
        `[{,]\\s*['"]?${kind.deleteField}['"]?\\s*:\\s*(\\[(?!\\s*['"])|ids\\b)|\\bbody\\.${kind.deleteField}\\b|\\[['"]${kind.deleteField}['"]\\]`,
      ),
    },
  ];
}

/** Each line of `text` (comments removed) that writes a kind's path, permission or body name. */
export function strayLiterals(file: string, text: string): string[] {
  const code = withoutComments(text);
  const found: string[] = [];
  for (const kind of CONTENT_KIND_LIST) {
    for (const { what, pattern } of forbiddenLiterals(kind)) {
      const global = new RegExp(pattern.source, 'g');
      for (const m of code.matchAll(global)) found.push(`${file}:${lineAt(code, m.index)} writes ${what} (use the ${kind.kind} descriptor)`);
    }
  }
  return found;
}

describe('the content kinds', () => {
  it('are each described once, with their own path, permission resource, console path, body name and test-id stem', () => {
    for (const key of ['kind', 'path', 'resource', 'deleteField'] as const) {
      const values = CONTENT_KIND_LIST.map((k) => k[key]);
      expect(new Set(values).size).toBe(values.length);
    }
    const screens = CONTENT_KIND_LIST.map((k) => k.screens.basePath);
    expect(new Set(screens).size).toBe(screens.length);
    const stems = CONTENT_KIND_LIST.map((k) => `${k.screens.namespace}:${k.screens.i18nKey}`);
    expect(new Set(stems).size).toBe(stems.length);
    for (const kind of CONTENT_KIND_LIST) {
      expect(kind.path).toMatch(/^\/api\/[a-z-]+$/);
      expect(kind.deleteMany.shape).toHaveProperty(kind.deleteField);
      expect(kind.listQuery.shape).toHaveProperty(kind.titleParam);
      expect(kind.document.shape).toHaveProperty(kind.titleField);
      expect(kind.listFilters).not.toContain('page');
      expect(kind.listFilters).toContain('status');
    }
  });

  it.each(CONTENT_KIND_LIST.map((k) => [k.kind, k] as const))('%s: every call is under its path, with its permission resource', (_name, kind) => {
    for (const call of Object.values(kind.calls) as CallDefinition[]) {
      expect(call.path === kind.path || call.path.startsWith(`${kind.path}/`)).toBe(true);
      expect(call.access.permission).toMatch(new RegExp(`^(${actionsOf(kind).join('|')})_${kind.resource}$`));
      expect(call.tag).toBe(kind.tag);
    }
  });

  it('have their list filters served by the store: each one but the title search compares a column', () => {
    const script = `
      const { EQUALITY_FILTER_NAMES } = await import('./src/stores/campaigns.ts');
      console.log(JSON.stringify(EQUALITY_FILTER_NAMES));`;
    const served: string[] = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.join(root, 'api'), encoding: 'utf8' }),
    );
    for (const kind of CONTENT_KIND_LIST) expect(kind.listFilters.filter((f) => f !== kind.titleParam).filter((f) => !served.includes(f))).toEqual([]);
  });

  it('are what the API registers: the descriptors’ calls and no other route under a kind’s path', () => {
    // The API's own registration, run as the API runs (tsx, ES modules) on a recorder in place of
    // Fastify: registering touches neither the database nor the network.
    const script = `
      const { campaignRoutes } = await import('./src/routes/campaigns/index.ts');
      const routes = [];
      campaignRoutes({ route: (r) => routes.push({ method: r.method, url: r.url, permission: r.config.permission }) }, {});
      console.log(JSON.stringify(routes));`;
    const routes: { method: string; url: string; permission: unknown }[] = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.join(root, 'api'), encoding: 'utf8' }),
    );

    const described = CONTENT_KIND_LIST.flatMap((k) =>
      (Object.values(k.calls) as CallDefinition[]).map((c) => ({ method: c.method, url: c.path, permission: c.access.permission })),
    );
    const key = (r: { method: string; url: string; permission: unknown }) => `${r.method} ${r.url} ${String(r.permission)}`;
    const underAKind = routes.filter((r) => CONTENT_KIND_LIST.some((k) => r.url === k.path || r.url.startsWith(`${k.path}/`)));
    expect(underAKind.map(key).sort()).toEqual(described.map(key).sort());
    // The one campaign route beside them: the popups' form-answers export.
    expect(routes.filter((r) => !underAKind.includes(r)).map(key)).toEqual([
      key({ method: 'GET', url: exportPopupAnswersCall.path, permission: exportPopupAnswersCall.access.permission }),
    ]);
  });

  describe.each(CONTENT_KIND_LIST.map((k) => [k.kind, k] as const))('%s in the console', (_name, kind) => {
    const remote = REMOTES.find((r) => r.section === kind.screens.namespace);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the manifest of a folder named by data
    const manifest = (): RemoteManifest => require(path.join(root, remote!.app, 'src/manifest.ts')).default;
    const permission = (action: 'get' | 'create' | 'update') => (kind.screens.guarded ? kindPermission(kind, action) : null);

    it('belongs to the remote of its namespace, which owns its base path', () => {
      expect(remote).toBeDefined();
      expect(remote!.basePaths).toContain(kind.screens.basePath);
    });

    it('has exactly the list, create, view and update routes and the nav entry its descriptor derives', () => {
      const base = kind.screens.basePath;
      const expected = [
        { path: base, permission: permission('get') },
        // In no workspace, then in the workspace `:id`.
        { path: `${base}/create`, permission: permission('create') },
        { path: `${base}/:id/create`, permission: permission('create') },
        // A kind's view screen may need no permission (the checklist's).
        { path: `${base}/:id/view`, permission: 'viewGuarded' in kind.screens && kind.screens.viewGuarded === false ? null : permission('get') },
        { path: `${base}/:id/update`, permission: permission('update') },
      ];
      const mine = manifest().routes.filter((r) => r.path === base || r.path.startsWith(`${base}/`));
      expect(mine.map((r) => ({ path: r.path, permission: r.permission }))).toEqual(expected);
      const nav = manifest().nav.filter((n) => n.path === base);
      expect(nav.map((n) => n.permission)).toEqual([permission('get')]);
    });
  });

  it("gives the shared screens each kind's data through kindScreens(descriptor), never by hand", () => {
    const files = PRODUCT_SOURCES.filter((d) => /^(remote-|shared-content)/.test(d))
      .flatMap(sources)
      .filter((f) => !isTest(f) && f !== 'shared-content/src/content-list/kinds.ts');
    const byHand = files.filter((f) => /\b(searchParam|basePath)\s*:/.test(withoutComments(read(f))));
    expect(byHand).toEqual([]);
    const screens = files.filter((f) => /\bkindScreens\(/.test(read(f)));
    const described = screens.flatMap((f) => [...read(f).matchAll(/kindScreens\((\w+)\)/g)].map((m) => m[1]));
    expect(described.sort()).toEqual(CONTENT_KIND_LIST.map((k) => `${k.kind}Kind`).sort());
  });

  it('are written nowhere but their descriptor: no API path, console path, permission or bulk-delete name by hand', () => {
    const files = PRODUCT_SOURCES.flatMap(sources).filter((f) => f !== DESCRIPTOR_FILE && !isManifest(f) && !isTest(f));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => strayLiterals(f, read(f)))).toEqual([]);
  });

  it('finds a stray literal (the scan itself can fail)', () => {
    const [popup] = CONTENT_KIND_LIST;
    const stray = [
      `fetch('${popup.path}?page=1');`,
      `navigate(\`${popup.screens.basePath}/\${id}/view\`);`,
      `const can = ability.can('${kindPermission(popup, 'get')}');`,
      `remove({ body: { ${popup.deleteField}: ids } });`,
      `// a comment may say ${popup.path}`,
    ].join('\n');
    expect(strayLiterals('fixture.ts', stray)).toHaveLength(4);
  });
});
