CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"service" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_service_check" CHECK ("workspaces"."service" in ('popup', 'banner', 'push', 'tour', 'checklist'))
);
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_website_name_unique" ON "tags" USING btree ("website_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tags_website_created_idx" ON "tags" USING btree ("website_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_website_name_unique" ON "workspaces" USING btree ("website_id",lower("name"));--> statement-breakpoint
CREATE INDEX "workspaces_website_created_idx" ON "workspaces" USING btree ("website_id","created_at");