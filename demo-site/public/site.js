// The demo customer site's own code: a small single-page app (links intercepted, history.pushState,
// content swapped without a reload, Back through popstate) and a "sign in" that tells Signpost who the
// visitor is. Signpost itself arrives only through the installation snippet in the page's <head>,
// which defines `window.signpost` (calls made before the script loads are queued).
const PAGES = { '/': 'page-home', '/pricing': 'page-pricing', '/docs': 'page-docs', '/app': 'page-app' };
/** The App page's to-dos: a hash-routed list (`#/`, `#/active`, `#/completed`), as TodoMVC is. */
const TODOS = [
  { title: 'Fuel the rocket', done: true },
  { title: 'Check the weather', done: false },
  { title: 'Count down', done: false },
];
const SIGNED_IN_KEY = 'acme-demo-signed-in';
/** The demo visitor: attribute names the demo website declares (api/src/db/seed-demo-members.ts). */
const ADA = {
  id: 'demo-ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  plan: 'pro',
  visits: 42,
  newsletter: true,
};
const arabic = document.documentElement.lang === 'ar';
const TEXT = arabic
  ? { anonymous: 'زائر مجهول', signedIn: 'مسجل الدخول باسم Ada Lovelace (الخطة pro)', signIn: 'تسجيل الدخول باسم Ada', signOut: 'تسجيل الخروج' }
  : { anonymous: 'Anonymous visitor', signedIn: 'Signed in as Ada Lovelace (plan pro)', signIn: 'Sign in as Ada', signOut: 'Sign out (reset)' };

/**
 * Tells Signpost who the visitor is, as a site whose server verifies identities does: the site's own
 * server signs the signed-in user's id with the website's identity secret and answers only the hash
 * (POST /demo-api/sign-in, scripts/lib/demo-site.mjs); the secret never reaches this page.
 */
async function identifyAda() {
  let userHash;
  try {
    const res = await fetch('/demo-api/sign-in', { method: 'POST', credentials: 'same-origin' });
    const body = await res.json();
    if (res.ok) userHash = body.userHash;
    else console.warn(`[acme] ${body.message}`);
  } catch (err) {
    console.warn('[acme] sign-in failed', err);
  }
  // Without a hash Signpost refuses the identity when the website requires verification (and says why).
  signpost('identify', userHash ? { ...ADA, userHash } : ADA);
}

/** The snippet may be missing (see the notice the start script writes then): never break the page for it. */
function signpost(...args) {
  if (typeof window.signpost === 'function') window.signpost(...args);
}

function translate(root) {
  if (!arabic) return;
  for (const el of root.querySelectorAll('[data-ar]')) el.textContent = el.dataset.ar;
}

/** Renders the page of the current address into <main>; `focus` after a client-side navigation. */
function render({ focus = false } = {}) {
  const template = document.getElementById(PAGES[location.pathname] ?? 'page-not-found');
  const main = document.getElementById('main');
  main.replaceChildren(template.content.cloneNode(true));
  translate(main);
  document.title = `${template.dataset.title} · Acme Rockets`;
  for (const link of document.querySelectorAll('.site-header nav a')) {
    if (new URL(link.href).pathname === location.pathname && !link.hasAttribute('data-reload')) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.body.classList.toggle('todo-app', location.pathname === '/app');
  renderTodos();
  // Parts that wait for their data: they appear two seconds after the page (`[data-late]`).
  for (const late of main.querySelectorAll('[data-late]')) setTimeout(() => (late.hidden = false), 2000);
  if (focus) main.focus();
}

/** The App page follows its hash route (`hashchange`), without a reload nor a pushState of its own. */
function renderTodos() {
  const list = document.querySelector('[data-testid="todo-list"]');
  if (!list) return;
  const route = location.hash.replace(/^#\/?/, '');
  const shown = TODOS.filter((t) => (route === 'active' ? !t.done : route === 'completed' ? t.done : true));
  list.replaceChildren(
    ...shown.map((t) => {
      const item = document.createElement('li');
      item.textContent = `${t.done ? '✓' : '○'} ${t.title}`;
      return item;
    }),
  );
  for (const link of document.querySelectorAll('[data-hash-route]')) {
    if (link.getAttribute('href') === (location.hash || '#/')) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}
window.addEventListener('hashchange', renderTodos);

/** Same-site links keep `?lang=ar` so the whole visit stays right to left. */
function withLanguage(href) {
  const url = new URL(href, location.href);
  const lang = new URLSearchParams(location.search).get('lang');
  if (lang && !url.searchParams.has('lang')) url.searchParams.set('lang', lang);
  return url;
}

// A button with `data-track` sends that custom event, as a customer's own code does on a sign-up.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-track]') : null;
  if (button) signpost('track', button.dataset.track);
});

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  // Hash routes are the browser's own navigation (hashchange), as in a hash-routed app.
  if (link.hasAttribute('data-hash-route')) return;
  if (link.hasAttribute('data-keep-path')) {
    // The language links: a full load of the same page in the other language.
    event.preventDefault();
    location.assign(`${location.pathname}${link.getAttribute('href')}`);
    return;
  }
  const url = withLanguage(link.href);
  if (url.origin !== location.origin) return;
  event.preventDefault();
  if (link.hasAttribute('data-reload')) {
    location.assign(url); // a plain full-page navigation
    return;
  }
  if (url.href === location.href) return;
  history.pushState({}, '', url);
  render({ focus: true });
});
window.addEventListener('popstate', () => render({ focus: true }));

// Signing in and out: what a customer's own login does with Signpost.
const state = document.querySelector('[data-testid="visitor-state"]');
const toggle = document.querySelector('[data-testid="visitor-toggle"]');
function showVisitor() {
  const signedIn = localStorage.getItem(SIGNED_IN_KEY) === '1';
  state.textContent = signedIn ? TEXT.signedIn : TEXT.anonymous;
  toggle.textContent = signedIn ? TEXT.signOut : TEXT.signIn;
}
toggle.addEventListener('click', () => {
  if (localStorage.getItem(SIGNED_IN_KEY) === '1') {
    localStorage.removeItem(SIGNED_IN_KEY);
    signpost('reset');
  } else {
    localStorage.setItem(SIGNED_IN_KEY, '1');
    void identifyAda();
  }
  showVisitor();
});

// A signed-in visitor is identified on every page load, as a real site does after its own login.
if (localStorage.getItem(SIGNED_IN_KEY) === '1') void identifyAda();
translate(document);
showVisitor();
render();
