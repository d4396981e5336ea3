import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, type AgentOptions } from 'node:https';
import ipaddr from 'ipaddr.js';

/*
 * Requests the API sends to an address someone outside chose (a visitor's push subscription, later a
 * webhook) go to the public internet only: otherwise anyone could make the API reach its own port,
 * the cloud's metadata service or the private network behind it. Two checks, because either alone
 * is not enough: the URL's host is refused when it is a literal non-public address (in any of the
 * spellings the URL parser or the resolver accept) or a name that can only be local; and the
 * addresses a name resolves to are checked when the socket connects, so a name that resolves to a
 * private address, or answers publicly first and privately later, is refused too.
 */

/** Hosts reachable whatever their address (OUTBOUND_ALLOWED_HOSTS): `host`, `host:port`, `[v6]:port` or `*.suffix`. */
export interface OutboundPolicy {
  allowedHosts: readonly string[];
}

/** Why an outbound URL is refused. */
export type OutboundRefusal = 'invalid' | 'not-https' | 'local-name' | 'non-public-address';

/** The socket's connect found the name resolving to a non-public address: never retried, never connected. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`outbound request refused: ${hostname} resolves to the non-public address ${address}`);
    this.name = 'OutboundRefusedError';
  }
}

const unbracket = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);
/** Lower case, without brackets and the root's trailing dot (`localhost.` is `localhost`). */
const normalHost = (host: string) => unbracket(host.trim().toLowerCase()).replace(/\.$/, '');

/**
 * The address `host` spells, if it is one: IPv6 (brackets and zone allowed) or IPv4 in every form
 * resolvers accept (`2130706433`, `0x7f000001`, `0177.0.0.1`, `127.1`), as ipaddr.js parses them.
 */
export function literalAddress(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const h = normalHost(host).replace(/%.*$/, '');
  if (!ipaddr.isValid(h)) return null;
  try {
    return ipaddr.parse(h);
  } catch {
    return null;
  }
}

/**
 * Whether an address is on the public internet: ipaddr.js's plain `unicast` range only. Everything
 * it names otherwise is refused (private, loopback, link-local, unique-local, multicast,
 * unspecified, broadcast, carrier-grade NAT, documentation, benchmarking, reserved, and the IPv6
 * forms that carry or translate an IPv4 address: 6to4, Teredo, NAT64), except IPv4-mapped IPv6,
 * judged by the IPv4 address it maps.
 */
export function isPublicAddress(address: string | ipaddr.IPv4 | ipaddr.IPv6): boolean {
  const parsed = typeof address === 'string' ? literalAddress(address) : address;
  if (!parsed) return false;
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  }
  return parsed.range() === 'unicast';
}

/** A name that only this machine or its network can resolve: `localhost`, `*.localhost`, and single labels (`metadata`, `db`). */
export function isLocalName(host: string): boolean {
  const h = normalHost(host);
  return h === 'localhost' || h.endsWith('.localhost') || !h.includes('.');
}

interface AllowEntry {
  host: string;
  wildcard: boolean;
  port: string | null;
}

function parseAllowEntry(entry: string): AllowEntry {
  const e = entry.trim().toLowerCase();
  const wildcard = e.startsWith('*.');
  // The URL parser normalises the host (an IPv4 written `127.1` is 127.0.0.1) and splits the port.
  const url = URL.canParse(`https://${wildcard ? e.slice(2) : e}`) ? new URL(`https://${wildcard ? e.slice(2) : e}`) : null;
  if (!url || url.pathname !== '/' || url.username || url.search || url.hash) throw new Error(`not a host, host:port or *.suffix: ${entry}`);
  return { host: normalHost(url.hostname), wildcard, port: url.port || null };
}

/** Parses OUTBOUND_ALLOWED_HOSTS's entries (throws on one that is not a host, `host:port` or `*.suffix`). */
export function parseAllowedHosts(list: readonly string[]): string[] {
  for (const entry of list) parseAllowEntry(entry);
  return [...list];
}

/** Whether `host` (and `port`, when given) is on the allow-list. */
export function isAllowedHost(policy: OutboundPolicy, host: string, port?: string): boolean {
  const h = normalHost(host);
  return policy.allowedHosts.some((raw) => {
    const entry = parseAllowEntry(raw);
    const hostMatches = entry.wildcard ? h.endsWith(`.${entry.host}`) : h === entry.host;
    return hostMatches && (port === undefined || entry.port === null || entry.port === port);
  });
}

/** Whether `host` matches one of `patterns` (exact names, or `*.suffix` for any name under it). */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  const h = normalHost(host);
  return patterns.some((p) => (p.startsWith('*.') ? h.endsWith(p.slice(1)) : h === p));
}

/**
 * Why the API must not send to `url` (null: it may, subject to the connect-time check): HTTPS only;
 * allow-listed hosts pass; a literal non-public address or a local name is refused.
 */
export function outboundUrlRefusal(url: string, policy: OutboundPolicy): OutboundRefusal | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.protocol !== 'https:') return 'not-https';
  const port = parsed.port || '443';
  if (isAllowedHost(policy, parsed.hostname, port)) return null;
  const literal = literalAddress(parsed.hostname);
  if (literal) return isPublicAddress(literal) ? null : 'non-public-address';
  return isLocalName(parsed.hostname) ? 'local-name' : null;
}

type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets that resolves as the system does (or with `resolve`) and refuses the name
 * when any of its addresses is not public (a mixed answer is how rebinding hides), unless the name
 * is allow-listed. It runs at every connect, so what was checked is what is connected to.
 */
export function publicOnlyLookup(policy: OutboundPolicy, resolve: Resolve = dnsLookup as unknown as Resolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (!isAllowedHost(policy, hostname)) {
        const refused = addresses.find((a) => !isPublicAddress(a.address));
        if (refused) return callback(new OutboundRefusedError(hostname, refused.address), '');
      }
      if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * The HTTPS agent for requests to addresses someone outside chose: every connection's name is
 * resolved through `publicOnlyLookup`. (A literal address is not resolved by Node, so callers check
 * the URL with `outboundUrlRefusal` first.) `ca` adds a trusted certificate (tests' own services);
 * `resolve` replaces the system's resolver (tests).
 */
export function outboundAgent(policy: OutboundPolicy, options: { ca?: string; resolve?: Resolve } = {}): Agent {
  // Kept alive as Node's own agent is: a reused socket is one whose address was checked when it connected.
  const agentOptions: AgentOptions = { keepAlive: true, lookup: publicOnlyLookup(policy, options.resolve) as AgentOptions['lookup'] };
  if (options.ca) agentOptions.ca = options.ca;
  return new Agent(agentOptions);
}
