-- A campaign's lifecycle: statuses changed only by actions (publish, schedule, cancel), published
-- versions, and unpublished changes beside the live version.
-- `document` stays what visitors are served (the published version, or the working copy of an item
-- that is not live); `draft` holds the author's unpublished changes to a live or scheduled item.
ALTER TABLE "contents" ADD COLUMN "draft" jsonb;--> statement-breakpoint
-- A scheduled item shows from `starts_at` until `ends_at` (null: no end).
ALTER TABLE "contents" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
-- When the item went live (a popup's run counts its days from there).
ALTER TABLE "contents" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
UPDATE "contents" SET "published_at" = "created_at" WHERE "status" = 'public';--> statement-breakpoint
-- Every publish stores the published document: who, when, which fields changed.
CREATE TABLE "content_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"document" jsonb NOT NULL,
	"author_id" uuid,
	"summary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_content_number_unique" ON "content_versions" USING btree ("content_id","number");--> statement-breakpoint
-- Items already live have their first version.
INSERT INTO "content_versions" ("content_id", "number", "document", "author_id", "summary", "created_at")
	SELECT "id", 1, "document", "sender_id", '[]'::jsonb, "created_at" FROM "contents" WHERE "status" = 'public';--> statement-breakpoint
-- The website's time zone (IANA name): schedules are entered and shown in it.
ALTER TABLE "websites" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;
