/**
 * Whether a page at `origin` (the browser's `Origin` header: scheme://host[:port]) belongs to a
 * website whose domain is `domain` (a host name, with a port when it has one, as websites store it).
 *
 * The origin's host must be the domain or one of its subdomains; when the domain names a port, the
 * origin's port must be that one, else any port goes. Loopback pages (localhost, 127.0.0.1, [::1])
 * pass only for a website whose domain is itself loopback: a stranger's development page cannot
 * speak for a real website. An origin that is not a URL (`null` from a sandboxed frame or a file)
 * is refused.
 */
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$|\.localhost$/;

export function originMatchesDomain(origin: string, domain: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const [domainHost, domainPort] = splitHostPort(domain.toLowerCase());
  const host = url.hostname.toLowerCase();
  if (LOOPBACK.test(host) !== LOOPBACK.test(domainHost)) return false;
  if (host !== domainHost && !host.endsWith(`.${domainHost}`)) return false;
  if (domainPort === null) return true;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return port === domainPort;
}

function splitHostPort(domain: string): [string, string | null] {
  const m = /^(.*):(\d{1,5})$/.exec(domain);
  return m ? [m[1], m[2]] : [domain, null];
}
