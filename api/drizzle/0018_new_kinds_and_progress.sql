-- Product tours, checklists and e-mails are content kinds of their own, in the same table (one id
-- space for their events, comments and versions) and the same lifecycle.
ALTER TABLE "contents" DROP CONSTRAINT "contents_kind_check";--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_kind_check" CHECK ("contents"."kind" in ('popup', 'banner', 'push', 'tour', 'checklist', 'email'));--> statement-breakpoint
-- What tours and checklists report: a step seen, a content completed, snoozed or dismissed, a step
-- whose element never appeared, a checklist task done, and the page's own tracked events
-- (`signpost('track', name)`), which also serve audiences and statistics. `detail` carries what the
-- type needs beyond `target` (the page and selector of a missing element, a tracked event's name…).
ALTER TABLE "visitor_events" DROP CONSTRAINT "visitor_events_type_check";--> statement-breakpoint
ALTER TABLE "visitor_events" ADD CONSTRAINT "visitor_events_type_check" CHECK ("visitor_events"."type" in ('session', 'view', 'react', 'comment', 'close', 'answer', 'click', 'step', 'complete', 'snooze', 'dismiss', 'element_missing', 'task', 'track'));--> statement-breakpoint
ALTER TABLE "visitor_events" ADD COLUMN "detail" jsonb;--> statement-breakpoint
-- A visitor's place in a tour or a checklist (the step reached, the tasks done, dismissed…), kept on
-- the server so a reload or a second device resumes it: one row per visitor, or per person once the
-- visitor is identified (then `client_member_id` is set and the row follows the person).
CREATE TABLE "content_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL REFERENCES "websites"("id") ON DELETE cascade,
	"content_id" uuid NOT NULL REFERENCES "contents"("id") ON DELETE cascade,
	"visitor_id" text,
	"client_member_id" uuid REFERENCES "client_members"("id") ON DELETE cascade,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_progress_owner_check" CHECK ("visitor_id" is not null or "client_member_id" is not null)
);--> statement-breakpoint
CREATE UNIQUE INDEX "content_progress_visitor_unique" ON "content_progress" ("content_id", "visitor_id") WHERE "client_member_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_progress_person_unique" ON "content_progress" ("content_id", "client_member_id") WHERE "client_member_id" is not null;--> statement-breakpoint
CREATE INDEX "content_progress_website_visitor_idx" ON "content_progress" ("website_id", "visitor_id");
--> statement-breakpoint
-- E-mails have workspaces in their list like every other kind.
ALTER TABLE "workspaces" DROP CONSTRAINT "workspaces_service_check";--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_service_check" CHECK ("workspaces"."service" in ('popup', 'banner', 'push', 'tour', 'checklist', 'email'));
