// The demo customer site's pages as `pnpm start` writes them (scripts/lib/demo-site.mjs): the install
// snippet pasted where a customer would, or a notice saying why there is none. Run in a child process:
// the module is plain ESM with import.meta, which Jest's module system does not load on Node 20.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inlineScriptHashes } from '../serve/security-headers.cjs';

const MODULE = path.resolve(__dirname, '../../scripts/lib/demo-site.mjs');
const SNIPPET = '<script>!function(w){w.signpost=1}(window,document,"http://localhost:3006/signpost.js","pk_1","http://localhost:4000");</script>';

function write(options: Record<string, unknown>): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'signpost-demo-site-'));
  const code = `import { writeDemoSite } from ${JSON.stringify(MODULE)}; await writeDemoSite(${JSON.stringify({ outDir, ...options })});`;
  execFileSync(process.execPath, ['--input-type=module', '-e', code]);
  return outDir;
}

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

test('the snippet goes into the <head>, before the site’s own script, after the language script; the files come along', () => {
  const dir = write({ snippet: SNIPPET, notice: null, consoleUrl: 'http://console.test:3100/' });
  dirs.push(dir);
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain(SNIPPET);
  expect(head.indexOf("document.documentElement.dir = 'rtl'")).toBeLessThan(head.indexOf(SNIPPET));
  expect(head.indexOf(SNIPPET)).toBeLessThan(head.indexOf('src="/site.js"'));
  expect(html).not.toContain('data-testid="demo-notice"');
  expect(html).toContain('href="http://console.test:3100/posts"');
  // Both inline scripts (language, snippet) are what the page's CSP allows by hash.
  expect(inlineScriptHashes(html)).toHaveLength(2);
  expect(readdirSync(dir).sort()).toEqual(['index.html', 'signpost-sw.js', 'site.css', 'site.js', 'todomvc']);
});

test('without a snippet the page says why, escaped, and carries no script of Signpost', () => {
  const dir = write({ snippet: null, notice: 'The API at <http://x> is not running' });
  dirs.push(dir);
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  expect(html).toContain('data-testid="demo-notice">The API at &lt;http://x&gt; is not running</p>');
  expect(html).not.toContain('signpost.js');
  expect(inlineScriptHashes(html)).toHaveLength(1);
});
