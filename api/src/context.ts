import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { BackgroundTasks } from './lib/background';
import type { Mailer } from './mail/mailer';
import type { EmailSender } from './services/email-sender';
import type { ReplyMailer } from './services/reply-mailer';
import type { PushSender } from './services/push-sender';
import type { WebhookSender } from './services/webhook-sender';
import type { RetentionJob } from './services/retention';
import type { IdentityProvider } from './services/identity-provider';
import type { LoginLimiter } from './services/login-limiter';
import type { TokenService } from './services/tokens';

/**
 * What time it is for the product's decisions (schedules, popup runs, the daily cap). One clock, so
 * tests can move it; the real one is Date.now.
 */
export interface Clock {
  now(): number;
}

export const SYSTEM_CLOCK: Clock = { now: () => Date.now() };

/** Everything a route needs, built once in buildApp and handed to each route module. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  limiter: LoginLimiter;
  mailer: Mailer;
  identity: IdentityProvider;
  log: FastifyBaseLogger;
  /** Work started after answering (see lib/background.ts). */
  background: BackgroundTasks;
  clock: Clock;
  /** Sends the e-mail campaigns' queue (services/email-sender.ts). */
  emailSender: EmailSender;
  /** E-mails the messenger's answers left unread (services/reply-mailer.ts). */
  replyMailer: ReplyMailer;
  /** Sends push notifications to the browsers' push services (services/push-sender.ts). */
  pushSender: PushSender;
  /** Delivers webhooks from their durable queue (services/webhook-sender.ts). */
  webhookSender: WebhookSender;
  /** Deletes anonymous visitors' events past their website's retention (services/retention.ts). */
  retention: RetentionJob;
}
