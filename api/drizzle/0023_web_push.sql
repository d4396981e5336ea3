-- Web Push: each website's VAPID key pair (made on first need; the private key never leaves the
-- server), the browsers' push subscriptions of its visitors (the person's once identified), and the
-- delivery queue of push notifications to them (claimed like email_jobs: FOR UPDATE SKIP LOCKED and a lease).
CREATE TABLE "push_vapid_keys" (
	"website_id" uuid PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"client_member_id" uuid,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"subscription_id" uuid,
	"visitor_id" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"shown_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_jobs_status_check" CHECK ("push_jobs"."status" in ('queued', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "push_vapid_keys" ADD CONSTRAINT "push_vapid_keys_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_client_member_id_client_members_id_fk" FOREIGN KEY ("client_member_id") REFERENCES "public"."client_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_jobs" ADD CONSTRAINT "push_jobs_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_jobs" ADD CONSTRAINT "push_jobs_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_jobs" ADD CONSTRAINT "push_jobs_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_website_endpoint_unique" ON "push_subscriptions" USING btree ("website_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_member_idx" ON "push_subscriptions" USING btree ("client_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_jobs_content_subscription_unique" ON "push_jobs" USING btree ("content_id","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_jobs_token_unique" ON "push_jobs" USING btree ("token");--> statement-breakpoint
CREATE INDEX "push_jobs_due_idx" ON "push_jobs" USING btree ("run_at") WHERE "push_jobs"."status" = 'queued';
