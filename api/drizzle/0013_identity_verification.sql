-- Identity verification: each website has an identity secret; the customer's server signs a person's
-- external id with it (HMAC-SHA256) and identify checks that signature, so knowing someone's id is no
-- longer enough to become them. Websites that exist already keep working as they did (not required);
-- the default then turns to true, so every website created from now on requires it.
ALTER TABLE "websites" ADD COLUMN "identity_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ALTER COLUMN "identity_required" SET DEFAULT true;--> statement-breakpoint
-- Two random UUIDs: 244 random bits, 64 hex characters (gen_random_uuid is in core PostgreSQL and PGlite;
-- pgcrypto's gen_random_bytes is not). A volatile default, so each existing row gets its own.
ALTER TABLE "websites" ADD COLUMN "identity_secret" text DEFAULT (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')) NOT NULL;--> statement-breakpoint
-- The secret a rotation replaced, and when: it still verifies for a grace period (LIMITS.identitySecretGraceHours).
ALTER TABLE "websites" ADD COLUMN "identity_previous_secret" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "identity_rotated_at" timestamp with time zone;--> statement-breakpoint
-- A visitor's link to a person says whether that identity was proven by a valid userHash.
ALTER TABLE "visitors" ADD COLUMN "identity_verified" boolean DEFAULT false NOT NULL;
