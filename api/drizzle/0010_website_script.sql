-- Issue 12: the server side of the website script.
-- The fatigue cap of each website: interruptive items (popups, push notifications) a visitor is shown a UTC day.
ALTER TABLE "websites" ADD COLUMN "interruptions_per_day" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
-- `identify` stores the e-mail the page gives.
ALTER TABLE "client_members" ADD COLUMN "email" text;--> statement-breakpoint
-- The script's visitors of a website, and the client member `identify` linked them to.
CREATE TABLE "visitors" (
	"website_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"client_member_id" uuid,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitors_website_id_visitor_id_pk" PRIMARY KEY("website_id","visitor_id")
);--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_client_member_id_client_members_id_fk" FOREIGN KEY ("client_member_id") REFERENCES "public"."client_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitors_member_idx" ON "visitors" USING btree ("client_member_id");--> statement-breakpoint
-- The installation heartbeat: where (page origin) and which version of the script reported, per website.
CREATE TABLE "website_installations" (
	"website_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"version" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_installations_website_id_origin_pk" PRIMARY KEY("website_id","origin")
);--> statement-breakpoint
ALTER TABLE "website_installations" ADD CONSTRAINT "website_installations_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_installations_website_seen_idx" ON "website_installations" USING btree ("website_id","last_seen_at");--> statement-breakpoint
-- Rate limits of the public script calls that hold across API processes: hits per key and minute window.
CREATE TABLE "public_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);--> statement-breakpoint
-- Events made in the page carry an id, so a retried batch is counted once; `click` on content, with its target.
ALTER TABLE "visitor_events" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "visitor_events" ADD COLUMN "target" text;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_events_website_event_unique" ON "visitor_events" USING btree ("website_id","event_id");--> statement-breakpoint
CREATE INDEX "visitor_events_website_visitor_time_idx" ON "visitor_events" USING btree ("website_id","visitor_id","occurred_at");--> statement-breakpoint
ALTER TABLE "visitor_events" DROP CONSTRAINT "visitor_events_type_check";--> statement-breakpoint
ALTER TABLE "visitor_events" ADD CONSTRAINT "visitor_events_type_check" CHECK ("visitor_events"."type" in ('session', 'view', 'react', 'comment', 'close', 'answer', 'click'));--> statement-breakpoint
-- The demo website is served by `pnpm start` at localhost:3005 (its script's origin must be the domain).
UPDATE "websites" SET "domain" = 'localhost:3005' WHERE "domain" = 'demo.signpost.local' AND "name" = 'Demo website'
	AND NOT EXISTS (SELECT 1 FROM "websites" w2 WHERE w2."organisation_id" = "websites"."organisation_id" AND w2."domain" = 'localhost:3005');--> statement-breakpoint
-- Every API process caches each website's public content for its script (routes/public/content-cache.ts)
-- and drops it when this channel names the website: any change of content, its targets, saved
-- audiences, attributes or the website's script settings, from whichever process made it.
CREATE FUNCTION "signpost_notify_script_content"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r jsonb;
	w text;
BEGIN
	IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
	IF TG_TABLE_NAME = 'websites' THEN
		w := r->>'id';
	ELSIF r ? 'website_id' THEN
		w := r->>'website_id';
	ELSE
		-- content_groups / content_segments: the content's website (gone when the content itself was
		-- deleted, whose own trigger already told).
		SELECT "website_id"::text INTO w FROM "contents" WHERE "id" = (r->>'content_id')::uuid;
	END IF;
	IF w IS NOT NULL THEN PERFORM pg_notify('signpost_script_content', w); END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contents_script_content" AFTER INSERT OR UPDATE OR DELETE ON "contents" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_script_content"();--> statement-breakpoint
CREATE TRIGGER "content_groups_script_content" AFTER INSERT OR UPDATE OR DELETE ON "content_groups" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_script_content"();--> statement-breakpoint
CREATE TRIGGER "content_segments_script_content" AFTER INSERT OR UPDATE OR DELETE ON "content_segments" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_script_content"();--> statement-breakpoint
CREATE TRIGGER "segments_script_content" AFTER INSERT OR UPDATE OR DELETE ON "segments" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_script_content"();--> statement-breakpoint
CREATE TRIGGER "attributes_script_content" AFTER INSERT OR UPDATE OR DELETE ON "attributes" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_script_content"();--> statement-breakpoint
CREATE TRIGGER "websites_script_content" AFTER UPDATE OF "domain", "public_key", "interruptions_per_day" OR DELETE ON "websites" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_script_content"();
