import { findByFallback, findTarget } from '../core/element-finder';
import { describeElement, isGenerated, pick, proposeSelector } from './picker';

const page = (html: string) => {
  document.body.innerHTML = html;
};
const $ = (selector: string) => document.querySelector(selector)!;

describe('isGenerated', () => {
  it.each([
    ':r1:',
    '«r1»',
    'radix-:R2a6:',
    'css-1q2w3e',
    'css-1q2w3e-Button',
    'sc-bdfBwQ',
    'bdfBwQ',
    'iVXCSc',
    'Button_primary__3xk2a',
    'button-module__primary___abc12',
    'jsx-123456',
    'a3f9c2d1e5',
    '2f1c9a6e-7b3d-4c1e-9f0a-5d2b8c7e1a44',
    'item-20231',
    'x7Kq9Zp',
    ':r0:',
    'ember5',
    'ember-view',
    '_ngcontent-ng-c12',
    '_nghost-abc-c3',
    'ng-tns-c12-3',
    'data-v-7ba5bd90',
    'svelte-1x2y3z',
    'w-[13px]',
    'bg-[#1677ff]',
  ])('%s is made by a tool', (name) => expect(isGenerated(name)).toBe(true));

  it.each(['checkout', 'buy-button', 'navItem', 'primary', 'step-2', 'h1', 'add-to-cart', 'Save', 'plans', 'mainMenu'])('%s is a name a person chose', (name) =>
    expect(isGenerated(name)).toBe(false),
  );
});

describe('proposeSelector', () => {
  it('prefers a stable id', () => {
    page('<main><button id="checkout" class="css-1q2w3e">Pay</button></main>');
    expect(proposeSelector($('button'))).toBe('#checkout');
  });

  it('skips a React useId id and hashed classes for data-testid', () => {
    page(`<div class="App_root__x8Kp2">
      <button id=":r1:" class="Button_primary__3xk2a css-1q2w3e" data-testid="buy">Buy</button>
      <button id=":r2:" class="Button_primary__3xk2a css-9z8y7x">Later</button></div>`);
    const selector = proposeSelector($('[data-testid]'));
    expect(selector).toBe('[data-testid="buy"]');
    expect(selector).not.toMatch(/:r1:|__3xk2a|css-/);
  });

  it('takes name, then aria-label, then role over hashed classes', () => {
    page(`<form class="sc-bdfBwQ kVkOnI">
      <input id="«r4»" class="sc-gsnTZi" name="email">
      <button class="sc-dkzDqf iVXCSc" aria-label="Close">x</button>
      <div class="sc-hKMtZM" role="search"></div></form>`);
    expect(proposeSelector($('input'))).toBe('input[name="email"]');
    expect(proposeSelector($('button'))).toBe('button[aria-label="Close"]');
    expect(proposeSelector($('[role]'))).toBe('div[role="search"]');
  });

  it('walks up to a stable ancestor when the element has only generated names', () => {
    page(`<nav aria-label="Main"><ul>
      <li class="css-abc123"><a class="Link_item__9f8e7" href="/pricing">Pricing</a></li>
      <li class="css-def456"><a class="Link_item__9f8e7" href="/docs">Docs</a></li></ul></nav>
      <section id="hero"><div class="css-q1w2e3"><span class="emotion-0">Welcome</span></div></section>
      <footer><div class="css-z9x8c7"><span class="emotion-1">Bye</span></div></footer>`);
    const link = proposeSelector($('a[href="/docs"]'));
    expect(document.querySelectorAll(link)).toHaveLength(1);
    expect(link).not.toMatch(/css-|__9f8e7/);
    const span = proposeSelector($('span'));
    expect(span).toMatch(/#hero/);
    expect(span).not.toMatch(/css-|emotion/);
    expect(document.querySelector(span)).toBe($('span'));
  });

  it('never uses a long hexadecimal or random id', () => {
    page('<div id="a3f9c2d1e5b7"><p id="x7Kq9Zp">One</p><p>Two</p></div>');
    const selector = proposeSelector($('#x7Kq9Zp'));
    expect(selector).not.toMatch(/a3f9c2d1e5b7|x7Kq9Zp/);
    expect(document.querySelector(selector)).toBe($('#x7Kq9Zp'));
  });
});

describe('pick', () => {
  it('never proposes an Ember view id or Tailwind arbitrary class; a stable attribute instead', () => {
    page('<nav><a id="ember5" class="ember-view w-[13px]" href="#/">All</a><a id="ember6" class="ember-view w-[13px]" href="#/active">Active</a></nav>');
    expect(proposeSelector($('#ember6'))).toBe('a[href="#/active"]');
  });

  it('reports how many elements the selector matches', () => {
    page('<button data-testid="buy">Buy</button>');
    expect(pick($('button'))).toMatchObject({ target: { selector: '[data-testid="buy"]' }, matches: 1 });
  });

  it('describes the element: text, tag, position among its siblings, landmarks around it', () => {
    page(`<nav aria-label="Account"><h2>Your plan</h2><div>
      <button class="css-1">Cancel</button><button class="css-2">Upgrade now</button></div></nav>`);
    expect(describeElement(document.querySelectorAll('button')[1])).toEqual({
      text: 'Upgrade now',
      tag: 'button',
      index: 1,
      landmarks: [
        { selector: expect.stringContaining('h2'), text: 'Your plan' },
        { selector: 'nav[aria-label="Account"]', text: 'Account' },
      ],
    });
  });
});

describe('the fallback after the page changed', () => {
  it('finds the element by its description when the selector no longer matches (a redeploy renamed everything)', () => {
    page(`<header><nav aria-label="Main"><a id=":r1:" class="Nav_link__aa11b">Home</a>
      <a id=":r2:" class="Nav_link__aa11b" data-testid="pricing-link">Pricing</a></nav></header>
      <main><h2>Plans</h2><button class="css-abc123">Start trial</button><button class="css-def456">Contact sales</button></main>`);
    const picked = pick(document.querySelectorAll('main button')[1]);
    expect(picked.matches).toBe(1);

    // The next deploy: other hashes, no test id, the buttons wrapped and reordered around a new one.
    page(`<header><nav aria-label="Main"><a class="Nav_link__zz99q">Home</a><a class="Nav_link__zz99q">Pricing</a></nav></header>
      <main><h2>Plans</h2><div class="css-new1"><button class="css-x1y2z3">Compare</button>
      <button class="css-k5j4h3">Start trial</button><button class="css-q9w8e7">Contact sales</button></div>
      <footer><button>Contact sales team</button></footer></main>`);
    expect(document.querySelector(picked.target.selector)?.textContent).not.toBe('Contact sales');
    const found = findTarget(picked.target);
    expect(found?.via).toBe('fallback');
    expect(found?.element.textContent).toBe('Contact sales');
    expect(found?.element.className).toBe('css-q9w8e7');
  });

  it('tells two elements of the same text apart by their landmark and position', () => {
    page(`<section aria-label="Basic"><h3>Basic</h3><button>Choose</button></section>
      <section aria-label="Pro"><h3>Pro</h3><button>Choose</button></section>`);
    const fallback = describeElement(document.querySelectorAll('button')[1]);
    page(`<div><div><h3>Basic</h3><button class="b1">Choose</button></div>
      <div aria-label="Pro"><h3>Pro</h3><p>Most popular</p><button class="b2">Choose</button></div></div>`);
    expect(findByFallback(fallback)?.className).toBe('b2');
  });

  it('finds an icon button by its accessible name', () => {
    page('<button aria-label="Open menu" class="css-aa1bb2"><svg></svg></button>');
    const picked = pick($('button'));
    page('<div><button aria-label="Open menu" class="css-zz9yy8"><svg></svg></button></div>');
    expect(findTarget({ selector: '.css-aa1bb2', fallback: picked.target.fallback })?.element).toBe($('button'));
  });

  it('finds nothing rather than a wrong element', () => {
    page('<main><button>Start trial</button></main>');
    const picked = pick($('button'));
    page('<main><button>Subscribe</button><a>Start</a></main>');
    expect(findTarget({ selector: '#gone', fallback: picked.target.fallback })).toBeNull();
    expect(findByFallback({ text: '', tag: 'button', index: 0, landmarks: [] })).toBeNull();
  });

  it('uses the selector while it still matches, and never picks the builder’s own UI', () => {
    page('<button data-testid="buy">Buy</button><signpost-builder><button>Buy</button></signpost-builder>');
    expect(findTarget({ selector: 'button', fallback: { text: 'Buy', tag: 'button', index: 0, landmarks: [] } })).toEqual({
      element: $('[data-testid]'),
      via: 'selector',
    });
    page('<signpost-builder><button>Buy</button></signpost-builder>');
    expect(findTarget({ selector: '#x', fallback: { text: 'Buy', tag: 'button', index: 0, landmarks: [] } })).toBeNull();
  });
});
