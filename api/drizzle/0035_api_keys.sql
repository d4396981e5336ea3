-- API keys: each website's keys, kept as the SHA-256 of the key with its first characters to
-- recognise it; permissions held as far as the creator holds them; rotation sets the old key's expiry.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"permissions" text[] NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"replaced_by" uuid
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_unique" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_website_idx" ON "api_keys" USING btree ("website_id","created_at");--> statement-breakpoint
-- The API-key permissions: a role holding every permission of before (an Owner) gets them all; other
-- roles get them when someone grants them.
UPDATE "roles" SET "permissions" = (SELECT array_agg(DISTINCT p ORDER BY p) FROM unnest("permissions" || ARRAY['get_apiKeys','create_apiKeys','delete_apiKeys']::text[]) AS p) WHERE "permissions" @> ARRAY['create_domain','get_user','create_user','update_user','delete_user','get_role','create_role','update_role','delete_role','get_posts','create_posts','update_posts','delete_posts','cancel_posts','duplicate_posts','get_banners','create_banners','update_banners','delete_banners','cancel_banners','duplicate_banners','get_tour','create_tour','update_tour','delete_tour','cancel_tour','duplicate_tour','get_email','create_email','update_email','delete_email','cancel_email','duplicate_email','get_pushNotification','create_pushNotification','update_pushNotification','delete_pushNotification','cancel_pushNotification','duplicate_pushNotification','get_checklist','create_checklist','update_checklist','delete_checklist','cancel_checklist','duplication_checklist','get_group','create_group','update_group','delete_group','get_members','get_reclamation','get_websites','create_websites','delete_websites','get_invitations','create_invitations','create_tags','delete_tags','create_workspaces','delete_workspaces','create_attributes','update_attributes','delete_attributes','create_segment','update_segment','delete_segment','create_upload','get_webhooks','create_webhooks','update_webhooks','delete_webhooks']::text[];
