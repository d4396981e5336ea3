import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A message as the SMTP server received it: the raw text and the envelope's recipients. */
export interface ReceivedMail {
  raw: string;
  to: string[];
}

/**
 * A real SMTP server on a loopback port for the mail tests: each message goes to `onMessage` and is
 * acknowledged `latencyMs` later (a real server's latency); `onRcptTo` may refuse a recipient.
 * Answers the server (close it after the tests) and the SMTP_URL that points the API at it.
 */
export async function startSmtpServer(
  onMessage: (mail: ReceivedMail) => void,
  options: { latencyMs?: number; onRcptTo?: SMTPServerOptions['onRcptTo'] } = {},
): Promise<{ server: SMTPServer; url: string }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    ...(options.onRcptTo ? { onRcptTo: options.onRcptTo } : {}),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        onMessage({ raw: Buffer.concat(chunks).toString('utf8'), to: session.envelope.rcptTo.map((r) => r.address) });
        if (options.latencyMs) setTimeout(callback, options.latencyMs);
        else callback();
      });
    },
  });
  // A client that drops its connection (an API process killed mid-message) is reported as an
  // 'error' event; unheard, it would throw in the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `smtp://127.0.0.1:${port}` };
}
