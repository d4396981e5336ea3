CREATE TABLE "attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_type_check" CHECK ("attributes"."type" in ('string', 'number', 'boolean', 'date'))
);
--> statement-breakpoint
CREATE TABLE "client_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"username" text,
	"division" text,
	"state" text,
	"domain" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"client_member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_client_member_id_pk" PRIMARY KEY("group_id","client_member_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_members" ADD CONSTRAINT "client_members_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_client_member_id_client_members_id_fk" FOREIGN KEY ("client_member_id") REFERENCES "public"."client_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_website_name_unique" ON "attributes" USING btree ("website_id",lower("name"));--> statement-breakpoint
CREATE INDEX "attributes_website_created_idx" ON "attributes" USING btree ("website_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_members_website_member_unique" ON "client_members" USING btree ("website_id","member_id");--> statement-breakpoint
CREATE INDEX "client_members_website_created_idx" ON "client_members" USING btree ("website_id","created_at");--> statement-breakpoint
CREATE INDEX "group_members_member_idx" ON "group_members" USING btree ("client_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_website_name_unique" ON "groups" USING btree ("website_id",lower("name"));--> statement-breakpoint
CREATE INDEX "groups_website_created_idx" ON "groups" USING btree ("website_id","created_at");