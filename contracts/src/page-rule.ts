/**
 * A popup's page rule: where on the website it shows, written the way authors write addresses.
 *
 * - empty: every page;
 * - `/pricing`: that path, exactly (a trailing `/` and a final `index.html` do not matter);
 * - `*` stands for anything: `/docs/*` every page under /docs, `/blog*` /blog and below;
 * - a hash route: `#/completed` that hash on any path, `/#/completed` or `/index.html#/completed`
 *   that hash on that path; a rule without `#` accepts any hash;
 * - `?ref=mail` that query (exactly or with `*`); a rule without `?` accepts any query;
 * - a full address `https://shop.example.com/cart` also names the host (and its port).
 *
 * Matching ignores case. A rule that can never match (another scheme such as `mailto:`, a host
 * without a scheme such as `example.com:8080/x`, spaces) is refused by the schemas, not accepted and
 * silently never shown. Plain code, no zod: the API, the console and the script may all use it.
 */
export interface PageRule {
  /** Null: any host. */
  host: RegExp | null;
  /** Null: any path (a rule that names only a hash or a query). */
  path: RegExp | null;
  query: RegExp | null;
  hash: RegExp | null;
}

const glob = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** `/a/`, `/a/index.html` → `/a`; `/` stays. */
const normalisePath = (path: string) =>
  decode(path)
    .replace(/\/index\.html?$/i, '/')
    .replace(/(.)\/+$/, '$1') || '/';
/** `#/completed/` → `/completed`; `#/` and `#` → `` (the hash router's home). */
const normaliseHash = (hash: string) => decode(hash.replace(/^#/, '')).replace(/\/+$/, '');

/** The parsed rule, or null when it can never match a page's address. The empty rule matches every page. */
export function parsePageRule(rule: string): PageRule | null {
  let rest = rule.trim();
  const parsed: PageRule = { host: null, path: null, query: null, hash: null };
  if (!rest) return parsed;
  // Spaces and control characters never appear in an address the browser gives.
  if (/\s/.test(rest) || [...rest].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return null;
  const absolute = /^https?:\/\/([^/?#]*)(.*)$/i.exec(rest);
  if (absolute) {
    if (!absolute[1] || absolute[1].includes('@')) return null;
    parsed.host = glob(absolute[1]);
    rest = absolute[2] || '/';
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(rest) || rest.startsWith('//')) {
    // mailto:, javascript:, example.com:8080/… or //host/…: the page's address never compares equal.
    return null;
  }
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = glob(normaliseHash(rest.slice(hashAt)));
    rest = rest.slice(0, hashAt);
  }
  const queryAt = rest.indexOf('?');
  if (queryAt >= 0) {
    parsed.query = glob(rest.slice(queryAt + 1));
    rest = rest.slice(0, queryAt);
  }
  if (rest) parsed.path = glob(normalisePath(rest.startsWith('/') || rest.startsWith('*') ? rest : `/${rest}`));
  return parsed;
}

/** Whether a page's address matches a rule (a rule that can never match matches nothing). */
export function pageRuleMatches(rule: string, address: URL | string): boolean {
  const parsed = parsePageRule(rule);
  if (!parsed) return false;
  let url: URL;
  try {
    url = typeof address === 'string' ? new URL(address) : address;
  } catch {
    return false;
  }
  if (parsed.host && !parsed.host.test(url.host)) return false;
  if (parsed.path && !parsed.path.test(normalisePath(url.pathname))) return false;
  if (parsed.query && !parsed.query.test(url.search.replace(/^\?/, ''))) return false;
  if (parsed.hash && !parsed.hash.test(normaliseHash(url.hash))) return false;
  return true;
}

/**
 * One address a rule matches, for the editor's example: on `origin` unless the rule names its host,
 * `*` shown as `example` (a rule of only a hash or a query shows it on the home page). Null when the
 * rule can never match.
 */
export function pageRuleExample(rule: string, origin = 'https://www.example.com'): string | null {
  const trimmed = rule.trim();
  if (!parsePageRule(trimmed)) return null;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(trimmed);
  const base = absolute ? absolute[0] : origin.replace(/\/+$/, '');
  const rest = absolute ? trimmed.slice(absolute[0].length) : trimmed;
  return (base + (rest.startsWith('/') ? rest : `/${rest}`)).replace(/\*+/g, 'example');
}
