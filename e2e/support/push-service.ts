import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PushServiceStandIn } from '../../api/test/support/push-service';
import { TMP_DIR } from './state';

/** The web-push test's push service certificate, made by global-setup (the API is started trusting it). */
export const PUSH_SERVICE_KEY = path.join(TMP_DIR, 'push-service-key.pem');
export const PUSH_SERVICE_CERT = path.join(TMP_DIR, 'push-service-cert.pem');

/**
 * Where the web-push test's push service listens: a loopback address, which the API reaches only
 * because global-setup allow-lists exactly this host and port (OUTBOUND_ALLOWED_HOSTS).
 */
export const PUSH_SERVICE_PORT = 3998;
export const PUSH_SERVICE_HOST = `127.0.0.1:${PUSH_SERVICE_PORT}`;

/** A push service the product's API trusts and may reach (see global-setup.ts). */
export const trustedPushService = () =>
  new PushServiceStandIn({ key: readFileSync(PUSH_SERVICE_KEY, 'utf8'), cert: readFileSync(PUSH_SERVICE_CERT, 'utf8') }, PUSH_SERVICE_PORT);
