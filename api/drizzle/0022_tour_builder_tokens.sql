-- The on-page tour builder: one-time builder tokens (kind 'token', minutes) and the builder sessions
-- they are exchanged for (kind 'session', hours), each for one website and one tour. Only the SHA-256
-- of a token or session is kept: a database leak opens no builder.
CREATE TABLE "tour_builder_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_builder_tokens_kind_check" CHECK ("tour_builder_tokens"."kind" in ('token', 'session'))
);
--> statement-breakpoint
ALTER TABLE "tour_builder_tokens" ADD CONSTRAINT "tour_builder_tokens_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_builder_tokens" ADD CONSTRAINT "tour_builder_tokens_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_builder_tokens" ADD CONSTRAINT "tour_builder_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_builder_tokens_hash_unique" ON "tour_builder_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tour_builder_tokens_expires_idx" ON "tour_builder_tokens" USING btree ("expires_at");
