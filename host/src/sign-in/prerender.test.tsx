/**
 * @jest-environment node
 */
// As at build time (rspack.config.mjs runs it in Node): no DOM, so emotion writes its styles inline.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { prerenderSignIn } from './prerender';

const read = (file: string) => JSON.parse(readFileSync(path.join(__dirname, file), 'utf8'));
const resources = Object.fromEntries(
  ['en', 'fr', 'ar'].map((lng) => [lng, { common: read(`../../../shared-i18n/locales/${lng}/common.json`), host: read(`../locales/${lng}/host.json`) }]),
);

test('the sign-in page is prerendered in each language, with the styles it needs to paint', async () => {
  const { styles, pages } = await prerenderSignIn(resources);
  expect(Object.keys(pages)).toEqual(['en', 'fr', 'ar']);
  // Chakra's reset, tokens (the brand colour) and the dark palette come once, for every language.
  expect(styles).toContain('@layer reset');
  expect(styles).toMatch(/#1677ff/i);
  expect(styles).toContain('.dark');
  for (const [lng, html] of Object.entries(pages)) {
    expect(html).toContain('data-testid="login-form"');
    expect(html).toContain(`>${resources[lng].host.login.title}</h1>`);
    expect(html).toContain(`data-testid="login-submit"`);
    // Component styles are inline next to their elements; the global ones were taken out.
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
    expect(html).not.toContain('css-global');
    // The language select shows the page's language.
    expect(html).toMatch(new RegExp(`<option value="${lng}" selected=""`));
  }
});
