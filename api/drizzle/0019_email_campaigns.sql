-- An e-mail campaign's send order: written when it is published (with the API's public address the
-- links in the e-mails point at), turned into one job per recipient once it is due (now, or at its
-- scheduled start), exactly once (`enqueued_at`).
CREATE TABLE "email_sends" (
	"content_id" uuid PRIMARY KEY NOT NULL REFERENCES "contents"("id") ON DELETE cascade,
	"website_id" uuid NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
	"base_url" text NOT NULL,
	"enqueued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "email_sends_pending_idx" ON "email_sends" ("created_at") WHERE "enqueued_at" is null;--> statement-breakpoint
-- The durable delivery queue: one row per (campaign, person), claimed with FOR UPDATE SKIP LOCKED and
-- a lease (`locked_until`) so any number of API processes share it, and a crashed one's claims come
-- back. The unique (content_id, client_member_id) is the idempotency key: a person is queued once per
-- campaign, whatever happens. `token` is the recipient's secret in the e-mail's links (open pixel,
-- click redirect, unsubscribe); opened/clicked/unsubscribed are set once, so each counts once a person.
CREATE TABLE "email_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
	"content_id" uuid NOT NULL REFERENCES "contents"("id") ON DELETE cascade,
	"client_member_id" uuid NOT NULL REFERENCES "client_members"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_jobs_status_check" CHECK ("status" in ('queued', 'sent', 'failed', 'skipped'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "email_jobs_content_member_unique" ON "email_jobs" ("content_id", "client_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_jobs_token_unique" ON "email_jobs" ("token");--> statement-breakpoint
CREATE INDEX "email_jobs_due_idx" ON "email_jobs" ("run_at") WHERE "status" = 'queued';--> statement-breakpoint
CREATE INDEX "email_jobs_website_sent_idx" ON "email_jobs" ("website_id", "sent_at");--> statement-breakpoint
-- Addresses a website no longer e-mails: the person unsubscribed, or the SMTP server refused the
-- address for good (a bounce). Checked before every send.
CREATE TABLE "email_suppressions" (
	"website_id" uuid NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"client_member_id" uuid REFERENCES "client_members"("id") ON DELETE set null,
	"content_id" uuid REFERENCES "contents"("id") ON DELETE set null,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_pk" PRIMARY KEY("website_id","email"),
	CONSTRAINT "email_suppressions_reason_check" CHECK ("reason" in ('unsubscribed', 'bounced'))
);
