import { pageRuleExample, pageRuleMatches, parsePageRule } from './page-rule';

const page = (address: string) => new URL(address);

describe('page rules', () => {
  it('the empty rule matches every page', () => {
    expect(pageRuleMatches('', page('https://shop.example/anything?x=1#/y'))).toBe(true);
    expect(pageRuleMatches('   ', page('https://shop.example/'))).toBe(true);
  });

  it('a path matches that path exactly, whatever the query and hash, ignoring a trailing slash, index.html and case', () => {
    expect(pageRuleMatches('/pricing', page('https://s.example/pricing'))).toBe(true);
    expect(pageRuleMatches('/pricing', page('https://s.example/pricing/?ref=mail#top'))).toBe(true);
    expect(pageRuleMatches('/Pricing/', page('https://s.example/pricing'))).toBe(true);
    expect(pageRuleMatches('/pricing', page('https://s.example/pricing-old'))).toBe(false);
    expect(pageRuleMatches('/pricing', page('https://s.example/pricing/plans'))).toBe(false);
    expect(pageRuleMatches('pricing', page('https://s.example/pricing'))).toBe(true);
    expect(pageRuleMatches('/', page('https://s.example/index.html'))).toBe(true);
    expect(pageRuleMatches('/café', page('https://s.example/caf%C3%A9'))).toBe(true);
  });

  it('* stands for anything', () => {
    expect(pageRuleMatches('/docs/*', page('https://s.example/docs/start/install'))).toBe(true);
    expect(pageRuleMatches('/docs/*', page('https://s.example/docs'))).toBe(false);
    expect(pageRuleMatches('/docs*', page('https://s.example/docs'))).toBe(true);
    expect(pageRuleMatches('/*/settings', page('https://s.example/team/settings'))).toBe(true);
    expect(pageRuleMatches('*', page('https://s.example/any/thing'))).toBe(true);
    // Other characters of a pattern are literal.
    expect(pageRuleMatches('/a.b', page('https://s.example/axb'))).toBe(false);
  });

  it('hash routes: #/completed on any path, /#/completed and /index.html#/completed on that path', () => {
    const todo = page('http://localhost:8080/#/completed');
    const todoIndex = page('http://localhost:8080/index.html#/completed');
    for (const rule of ['#/completed', '/#/completed', '/index.html#/completed', '#/completed/', '#/*']) {
      expect([rule, pageRuleMatches(rule, todo), pageRuleMatches(rule, todoIndex)]).toEqual([rule, true, true]);
    }
    expect(pageRuleMatches('#/completed', page('http://localhost:8080/#/active'))).toBe(false);
    expect(pageRuleMatches('#/completed', page('http://localhost:8080/'))).toBe(false);
    expect(pageRuleMatches('/app#/completed', todo)).toBe(false);
    // The hash router's home: `#/`, `#` and no hash are the same page.
    expect(pageRuleMatches('/#/', page('http://localhost:8080/'))).toBe(true);
    expect(pageRuleMatches('/#/', page('http://localhost:8080/#/active'))).toBe(false);
  });

  it('a query in the rule must match the query; without one any query does', () => {
    expect(pageRuleMatches('/?ref=mail', page('https://s.example/?ref=mail'))).toBe(true);
    expect(pageRuleMatches('?ref=*', page('https://s.example/x?ref=ad'))).toBe(true);
    expect(pageRuleMatches('/?ref=mail', page('https://s.example/?ref=ad'))).toBe(false);
  });

  it('a full address also names the host', () => {
    expect(pageRuleMatches('https://shop.example/cart', page('https://shop.example/cart?step=2'))).toBe(true);
    expect(pageRuleMatches('https://shop.example/cart', page('https://blog.example/cart'))).toBe(false);
    expect(pageRuleMatches('http://localhost:3005/index.html#/completed', page('http://localhost:3005/#/completed'))).toBe(true);
    expect(pageRuleMatches('https://*.example/cart', page('https://eu.shop.example/cart'))).toBe(true);
    expect(pageRuleMatches('https://shop.example', page('https://shop.example/'))).toBe(true);
  });

  it('a rule that can never match is refused', () => {
    for (const rule of ['mailto:a@b.example', 'javascript:alert(1)', 'example.com:8080/x', '//cdn.example/x', '/a b', 'https:///x', 'https://user@x/'])
      expect([rule, parsePageRule(rule)]).toEqual([rule, null]);
    for (const rule of ['', '/x', '#/a', '?a=1', 'https://x.example/', '*']) expect(parsePageRule(rule)).not.toBeNull();
  });

  it('the example shows an address the rule matches', () => {
    for (const rule of ['/pricing', '/docs/*', '#/completed', '/#/completed', '?ref=*', 'https://shop.example/cart', 'pricing', '']) {
      const example = pageRuleExample(rule, 'https://acme.example')!;
      expect([rule, example, pageRuleMatches(rule, example)]).toEqual([rule, example, true]);
    }
    expect(pageRuleExample('/docs/*', 'https://acme.example')).toBe('https://acme.example/docs/example');
    expect(pageRuleExample('#/completed', 'https://acme.example')).toBe('https://acme.example/#/completed');
    expect(pageRuleExample('mailto:x', 'https://acme.example')).toBeNull();
  });
});
