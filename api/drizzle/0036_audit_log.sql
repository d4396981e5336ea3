-- The audit log: one row per change of an organisation (who, what, which object, when, from which
-- address), written in the change's own transaction. The website and the actor are copies, not
-- references, so an entry outlives both.
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"website_id" uuid,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"object_label" text,
	"address" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_organisation_idx" ON "audit_log" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_organisation_actor_idx" ON "audit_log" USING btree ("organisation_id","actor_id","created_at");--> statement-breakpoint
-- Roles holding every permission (the owners) also read the audit log.
UPDATE "roles" SET "permissions" = (SELECT array_agg(DISTINCT p ORDER BY p) FROM unnest("permissions" || ARRAY['get_auditLog']::text[]) AS p) WHERE "permissions" @> ARRAY['get_role','create_role','update_role','delete_role','get_user','create_user','update_user','delete_user','get_websites','create_websites','delete_websites','get_invitations','create_invitations','get_webhooks','create_webhooks','update_webhooks','delete_webhooks']::text[];
