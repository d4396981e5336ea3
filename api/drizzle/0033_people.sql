-- People: when each attribute of a person last changed (attribute name → time), kept by identify.
ALTER TABLE "client_members" ADD COLUMN "attributes_changed_at" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Days an anonymous visitor's events are kept (null: for ever); the job queue deletes older ones.
ALTER TABLE "websites" ADD COLUMN "anonymous_retention_days" integer;--> statement-breakpoint
-- A person's page, timeline, export and delete read their rows by visitor id: without these each
-- would read every answer, comment, reaction and push of the website.
CREATE INDEX IF NOT EXISTS "form_answers_visitor_idx" ON "form_answers" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_comments_visitor_idx" ON "content_comments" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_reactions_visitor_idx" ON "content_reactions" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_jobs_website_visitor_idx" ON "push_jobs" USING btree ("website_id","visitor_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_subscriptions_website_visitor_idx" ON "push_subscriptions" USING btree ("website_id","visitor_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_jobs_member_idx" ON "email_jobs" USING btree ("client_member_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversations_member_idx" ON "conversations" USING btree ("client_member_id");--> statement-breakpoint
-- The people list: anonymous visitors by last visit, a website's people by their visitors.
CREATE INDEX IF NOT EXISTS "visitors_website_anonymous_seen_idx" ON "visitors" USING btree ("website_id","last_seen_at") WHERE "client_member_id" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visitors_website_member_idx" ON "visitors" USING btree ("website_id","client_member_id");
