// TRUST_PROXY for the static servers, read as the API reads it (api/src/config.ts, parseTrustProxy):
// off, a hop count, or the proxies' addresses and networks; `true` is refused, since believing every
// hop lets any client write its own forwarding headers.

/**
 * The static servers' `trustProxy` from a TRUST_PROXY value: false, a hop count or a list of
 * addresses and networks (proxy-addr checks each when the server starts).
 * @param {string | undefined} value
 * @returns {false | number | string[]}
 */
export function trustProxyFromEnv(value) {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe every X-Forwarded-For hop, so any client could choose its address; name the proxies instead: a hop count (TRUST_PROXY=1 behind one reverse proxy) or their addresses and networks (TRUST_PROXY=127.0.0.1,10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/**
 * What Fastify takes: a hop count as the function proxy-addr makes of one (Fastify itself reads a
 * bare number as "trust no one").
 * @param {boolean | number | string[]} trust
 */
export function fastifyTrustProxy(trust) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
