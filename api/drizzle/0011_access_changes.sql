-- Issue 11, item 5: each API process keeps the caller's session, permissions and websites in memory
-- (api/src/plugins/access-cache.ts). Whatever can change them tells every process through one channel;
-- one notice per statement is enough, since a process then forgets all it kept.
CREATE OR REPLACE FUNCTION "signpost_notify_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('signpost_access', TG_TABLE_NAME);
	RETURN NULL;
END $$;--> statement-breakpoint
-- A session revoked or deleted (a new one cannot be in any cache yet).
CREATE TRIGGER "token_families_access" AFTER UPDATE OR DELETE ON "token_families" FOR EACH STATEMENT EXECUTE FUNCTION "signpost_notify_access"();--> statement-breakpoint
-- An account changed (super-admin flag, organisation) or deleted.
CREATE TRIGGER "users_access" AFTER UPDATE OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "signpost_notify_access"();--> statement-breakpoint
-- Roles given or taken, and a role's permissions changed or the role deleted.
CREATE TRIGGER "user_roles_access" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "signpost_notify_access"();--> statement-breakpoint
CREATE TRIGGER "roles_access" AFTER UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "signpost_notify_access"();--> statement-breakpoint
-- A website renamed, moved to another domain or deleted.
CREATE TRIGGER "websites_access" AFTER UPDATE OR DELETE ON "websites" FOR EACH STATEMENT EXECUTE FUNCTION "signpost_notify_access"();
