import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { PushServiceStandIn } from './push-service';

/** One request a webhook receiver got: its headers (lower case) and raw body. */
export interface ReceivedHook {
  headers: Record<string, string>;
  body: string;
}

/**
 * An HTTPS webhook receiver on 127.0.0.1 (a certificate of its own, `cert`, for the sender's agent
 * to trust): it records every request and answers what `answer` says (200 unless told).
 */
export class WebhookReceiver {
  readonly received: ReceivedHook[] = [];
  answer: (hook: ReceivedHook) => number = () => 200;
  readonly tls = PushServiceStandIn.certificate();
  private server: Server | null = null;
  port = 0;

  constructor(private readonly fixedPort = 0) {}

  get url() {
    return `https://127.0.0.1:${this.port}/hooks`;
  }

  async start(): Promise<void> {
    this.server = createServer({ key: this.tls.key, cert: this.tls.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const hook = { headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') };
        this.received.push(hook);
        res.statusCode = this.answer(hook);
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.fixedPort, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The distinct event ids received, and how often each came. */
  byEvent(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const h of this.received) counts.set(h.headers['signpost-webhook-id'], (counts.get(h.headers['signpost-webhook-id']) ?? 0) + 1);
    return counts;
  }
}
