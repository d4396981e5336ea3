-- A workspace's name is unique per website AND service (each service's side list is its own): the
-- same name may be a popup workspace and a banner workspace.
DROP INDEX IF EXISTS "workspaces_website_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_website_service_name_unique" ON "workspaces" USING btree ("website_id","service",lower("name"));
