-- How a website's script shares the page's one interruptive slot: whether a push notification may
-- show beside an open popup, and the quiet seconds after an interruptive item ends.
ALTER TABLE "websites" ADD COLUMN "pushes_beside_popup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "quiet_after_close_seconds" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
-- The content call's cache keeps them: a change must reach every API process (see 0010).
DROP TRIGGER "websites_script_content" ON "websites";--> statement-breakpoint
CREATE TRIGGER "websites_script_content" AFTER UPDATE OF "domain", "public_key", "interruptions_per_day", "pushes_beside_popup", "quiet_after_close_seconds" OR DELETE ON "websites" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_script_content"();
