import type { LookupAddress } from 'node:dns';
import {
  isAllowedHost,
  isLocalName,
  isPublicAddress,
  literalAddress,
  outboundUrlRefusal,
  OutboundRefusedError,
  parseAllowedHosts,
  publicOnlyLookup,
} from '../src/lib/outbound-address';
import { loadConfig } from '../src/config';
import { pushEndpointRefusal } from '../src/services/push-sender';

/** The outbound address rules on their own: no database, no network. */
const SECRET = 'x'.repeat(40);

const NON_PUBLIC = [
  // IPv4: loopback, private, link-local (metadata), CGNAT, unspecified, broadcast, multicast, documentation, benchmarking, reserved
  '127.0.0.1',
  '127.255.255.254',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '255.255.255.255',
  '224.0.0.1',
  '239.255.255.250',
  '192.0.2.1',
  '198.51.100.7',
  '203.0.113.9',
  '198.18.0.1',
  '240.0.0.1',
  // The same in the spellings resolvers accept
  '0x7f000001',
  '2130706433',
  '0177.0.0.1',
  '127.1',
  '0x7f.1',
  '017700000001',
  '0xa9.0xfe.0xa9.0xfe',
  // IPv6: loopback, unspecified, link-local, unique-local, multicast, documentation, and the forms carrying IPv4
  '::1',
  '[::1]',
  '::',
  'fe80::1',
  'fe80::1%eth0',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '2001:db8::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::',
];

const PUBLIC = ['93.184.215.14', '8.8.8.8', '142.250.74.74', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4007:80c::200a', '::ffff:8.8.8.8'];

test.each(NON_PUBLIC)('%s is not a public address', (address) => {
  expect(literalAddress(address)).not.toBeNull();
  expect(isPublicAddress(address)).toBe(false);
});

test.each(PUBLIC)('%s is a public address', (address) => {
  expect(isPublicAddress(address)).toBe(true);
});

test('a name is not an address; localhost, its subdomains and single labels are local names', () => {
  for (const name of ['fcm.googleapis.com', 'example.com', '1e100.net']) {
    expect(literalAddress(name)).toBeNull();
    expect(isLocalName(name)).toBe(false);
  }
  for (const name of ['localhost', 'LocalHost.', 'api.localhost', 'a.b.localhost', 'metadata', 'db']) expect(isLocalName(name)).toBe(true);
});

test('an outbound URL is refused unless HTTPS to a public host; allow-listed hosts pass, port included when named', () => {
  const none = { allowedHosts: [] };
  expect(outboundUrlRefusal('https://fcm.googleapis.com/fcm/send/x', none)).toBeNull();
  expect(outboundUrlRefusal('https://93.184.215.14/x', none)).toBeNull();
  expect(outboundUrlRefusal('http://fcm.googleapis.com/x', none)).toBe('not-https');
  expect(outboundUrlRefusal('nonsense', none)).toBe('invalid');
  for (const url of [
    'https://127.0.0.1:9443/',
    'https://0x7f000001/',
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://127.1/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
  ])
    expect({ url, refusal: outboundUrlRefusal(url, none) }).toEqual({ url, refusal: 'non-public-address' });
  expect(outboundUrlRefusal('https://push.localhost/', none)).toBe('local-name');

  const policy = { allowedHosts: parseAllowedHosts(['127.0.0.1:8443', 'push.internal.example', '*.corp.example']) };
  expect(outboundUrlRefusal('https://127.0.0.1:8443/push', policy)).toBeNull();
  expect(outboundUrlRefusal('https://127.1:8443/push', policy)).toBeNull();
  expect(outboundUrlRefusal('https://127.0.0.1:8444/push', policy)).toBe('non-public-address');
  expect(outboundUrlRefusal('https://127.0.0.1/push', policy)).toBe('non-public-address');
  expect(isAllowedHost(policy, 'push.internal.example', '1234')).toBe(true);
  expect(isAllowedHost(policy, 'a.corp.example')).toBe(true);
  expect(isAllowedHost(policy, 'corp.example')).toBe(false);
  expect(isAllowedHost(policy, 'evilcorp.example')).toBe(false);
  expect(() => parseAllowedHosts(['example.com/path'])).toThrow(/not a host/);
});

test('OUTBOUND_ALLOWED_HOSTS and WEB_PUSH_SERVICES are read from the environment, with safe defaults', () => {
  const defaults = loadConfig({ DATA_DIR: '.tmp/api-config-test', AUTH_SECRET: SECRET });
  expect(defaults.outbound.allowedHosts).toEqual([]);
  expect(defaults.webPush).toEqual({ services: 'known', maxSubscriptionsPerVisitor: 5, maxSubscriptionsPerWebsite: 100_000 });
  const set = loadConfig({
    DATA_DIR: '.tmp/api-config-test',
    AUTH_SECRET: SECRET,
    OUTBOUND_ALLOWED_HOSTS: ' 127.0.0.1:8443 , push.example.test ',
    WEB_PUSH_SERVICES: 'any',
  });
  expect(set.outbound.allowedHosts).toEqual(['127.0.0.1:8443', 'push.example.test']);
  expect(set.webPush.services).toBe('any');
  expect(() => loadConfig({ DATA_DIR: '.tmp/api-config-test', AUTH_SECRET: SECRET, OUTBOUND_ALLOWED_HOSTS: 'https://x.example/' })).toThrow(
    /OUTBOUND_ALLOWED_HOSTS/,
  );
  expect(() => loadConfig({ DATA_DIR: '.tmp/api-config-test', AUTH_SECRET: SECRET, WEB_PUSH_SERVICES: 'all' })).toThrow(/WEB_PUSH_SERVICES/);
});

test('push endpoints: the known push services by default, any public host with `any`, never a private one', () => {
  const known = { outbound: { allowedHosts: [] }, webPush: { services: 'known' as const, maxSubscriptionsPerVisitor: 5, maxSubscriptionsPerWebsite: 10 } };
  const any = { ...known, webPush: { ...known.webPush, services: 'any' as const } };
  expect(pushEndpointRefusal('https://fcm.googleapis.com/fcm/send/x', known)).toBeNull();
  expect(pushEndpointRefusal('https://web.push.apple.com/x', known)).toBeNull();
  expect(pushEndpointRefusal('https://push.example.com/x', known)).toBe('unknown-push-service');
  expect(pushEndpointRefusal('https://push.example.com/x', any)).toBeNull();
  expect(pushEndpointRefusal('https://10.0.0.1/x', any)).toBe('non-public-address');
});

/** Runs a lookup as a socket would: with `all` (Node's happy eyeballs) or without. */
function lookUp(lookup: ReturnType<typeof publicOnlyLookup>, hostname: string, all: boolean) {
  return new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    lookup(hostname, { all }, (err, address, family) => resolve({ err, address, family })),
  );
}

test('the connect-time lookup refuses a name resolving to any non-public address, unless the name is allow-listed', async () => {
  const answers: Record<string, LookupAddress[]> = {
    'public.example.com': [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ],
    'private.example.com': [{ address: '10.1.2.3', family: 4 }],
    'mixed.example.com': [
      { address: '93.184.215.14', family: 4 },
      { address: '::1', family: 6 },
    ],
    'mapped.example.com': [{ address: '::ffff:169.254.169.254', family: 6 }],
    'push.internal.example': [{ address: '10.9.9.9', family: 4 }],
  };
  const lookup = publicOnlyLookup({ allowedHosts: ['push.internal.example'] }, (hostname, _options, callback) => callback(null, answers[hostname]));

  expect(await lookUp(lookup, 'public.example.com', false)).toEqual({ err: null, address: '93.184.215.14', family: 4 });
  expect((await lookUp(lookup, 'public.example.com', true)).address).toEqual(answers['public.example.com']);
  for (const name of ['private.example.com', 'mixed.example.com', 'mapped.example.com'])
    for (const all of [false, true]) {
      const { err } = await lookUp(lookup, name, all);
      expect(err).toBeInstanceOf(OutboundRefusedError);
      expect(err).toMatchObject({ code: 'EOUTBOUNDREFUSED', hostname: name });
    }
  expect(await lookUp(lookup, 'push.internal.example', false)).toEqual({ err: null, address: '10.9.9.9', family: 4 });
});
