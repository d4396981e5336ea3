import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service on this machine that speaks the Web Push protocol as the browsers' do: it takes a
 * message only with a valid VAPID JWT (RFC 8292: ES256, signed by the key in `k`, for its own
 * origin, not expired) and decrypts its aes128gcm payload (RFC 8291) with the browser side's keys,
 * which it makes for each subscription. Each subscription answers 201, or 410 once it is "gone".
 */
export interface Received {
  subscription: string;
  payload: Record<string, unknown>;
  vapidKey: string;
  subject: string;
}

interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  gone: boolean;
}

export class PushServiceStandIn {
  readonly received: Received[] = [];
  readonly refused: { subscription: string; reason: string }[] = [];
  private readonly browsers = new Map<string, Browser>();
  private server: Server | null = null;
  private origin = '';
  private cert = '';

  /**
   * `tls`: its key and certificate (PEM), else one of its own made at start; `port`: where it listens
   * on 127.0.0.1 (default: any free port), so a product started before it can allow-list it.
   */
  constructor(
    private readonly tls?: { key: string; cert: string },
    private readonly port = 0,
  ) {}

  /** Push services speak HTTPS only: a certificate for 127.0.0.1, made with openssl. */
  static certificate() {
    const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Its certificate (PEM), for an agent that trusts it besides the system's CAs. */
  get certificate() {
    return this.cert;
  }

  /** Its `host:port`, as OUTBOUND_ALLOWED_HOSTS names it. */
  get host() {
    return this.origin.replace(/^https:\/\//, '');
  }

  async start() {
    const tls = this.tls ?? PushServiceStandIn.certificate();
    this.cert = tls.cert;
    this.server = createServer(tls, (req, res) => {
      void this.handle(req).then(
        ([status, body]) => res.writeHead(status, { 'content-type': 'text/plain' }).end(body),
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.origin = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** A new browser subscription (what `PushSubscription.toJSON()` gives a page). */
  subscribe(options: { gone?: boolean } = {}) {
    const id = randomBytes(8).toString('hex');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.browsers.set(id, { ecdh, auth, gone: !!options.gone });
    return { id, endpoint: `${this.origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  }

  private async handle(req: IncomingMessage): Promise<[number, string]> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([0-9a-f]+)$/.exec(req.url ?? '')?.[1];
    const browser = id ? this.browsers.get(id) : undefined;
    if (!id || !browser) return [404, 'no such subscription'];
    const refuse = (reason: string): [number, string] => {
      this.refused.push({ subscription: id, reason });
      return [reason === 'gone' ? 410 : 403, reason];
    };
    if (browser.gone) return refuse('gone');
    if (req.method !== 'POST') return refuse('method');
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse('content-encoding');
    if (!req.headers.ttl) return refuse('ttl');
    // RFC 8292: Authorization: vapid t=<JWT>, k=<the application server's public key>
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
    if (!auth) return refuse('authorization');
    const [, jwt, k] = auth;
    const raw = Buffer.from(k, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) return refuse('k');
    const key = await importJWK({ kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, 'ES256');
    let subject: string;
    try {
      const { payload } = await jwtVerify(jwt, key, { algorithms: ['ES256'], audience: this.origin });
      if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) return refuse('exp');
      if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return refuse('sub');
      subject = payload.sub;
    } catch (err) {
      return refuse(`jwt: ${(err as Error).message}`);
    }
    let plain: Buffer;
    try {
      plain = decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth.toString('base64url') });
    } catch (err) {
      return refuse(`decrypt: ${(err as Error).message}`);
    }
    this.received.push({ subscription: id, payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>, vapidKey: k, subject });
    return [201, ''];
  }
}

/** Endpoints on this machine, its network or no network, however the address is written. */
export const NON_PUBLIC_ENDPOINTS = [
  'https://127.0.0.1:9443/push/x', // another port of this machine
  'https://127.0.0.1:4000/api/health', // the API's own port
  'https://169.254.169.254/latest/meta-data/', // the cloud's metadata service
  'https://[::1]/push/x',
  'https://10.0.0.1/push/x',
  'https://0x7f000001/push/x',
  'https://2130706433/push/x',
  'https://0177.0.0.1/push/x',
  'https://127.1/push/x',
  'https://[::ffff:127.0.0.1]/push/x',
  'https://[::ffff:a9fe:a9fe]/push/x',
  'https://172.16.0.1/push/x',
  'https://192.168.1.1/push/x',
  'https://100.64.0.1/push/x',
  'https://0.0.0.0/push/x',
  'https://224.0.0.1/push/x',
  'https://255.255.255.255/push/x',
  'https://192.0.2.1/push/x',
  'https://[fc00::1]/push/x',
  'https://[fe80::1]/push/x',
  'https://[2001:db8::1]/push/x',
  'https://[::]/push/x',
  'https://localhost/push/x',
  'https://push.localhost/push/x',
  'https://LOCALHOST./push/x',
  'https://metadata/computeMetadata/v1/',
];
