-- One reaction per visitor per item: a visitor's new reaction replaces theirs (the events call
-- upserts on this index). Reactions given before keep only each visitor's latest per item, and the
-- items' reaction counters are counted again from what remains.
DELETE FROM "content_reactions" r USING (
	SELECT "id", row_number() OVER (PARTITION BY "content_id", "visitor_id" ORDER BY "created_at" DESC, "id" DESC) AS n FROM "content_reactions"
) ranked WHERE r."id" = ranked."id" AND ranked.n > 1;--> statement-breakpoint
UPDATE "contents" c SET "react_count" = counted.n
	FROM (SELECT "content_id", count(*)::int AS n FROM "content_reactions" GROUP BY "content_id") counted
	WHERE c."id" = counted."content_id" AND c."react_count" <> counted.n;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reactions_content_visitor_unique" ON "content_reactions" USING btree ("content_id","visitor_id");
