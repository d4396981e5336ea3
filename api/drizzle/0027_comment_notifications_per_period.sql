-- Comments notify staff once per item and period: a burst of comments on one item within ten minutes
-- of its notification updates that notification (a count, the latest comment's words, unread again
-- for everyone) instead of adding one per comment. Form answers keep their rule (one notification per
-- visitor and item a minute). An advisory lock per item serialises the check and the insert, so two
-- processes storing comments on one item at once still make one notification.
CREATE OR REPLACE FUNCTION "signpost_notify_staff_of_content"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	w uuid;
	k text;
	t text;
	nid uuid;
BEGIN
	-- An import of old history is not news.
	IF NEW."created_at" < now() - interval '1 day' THEN RETURN NULL; END IF;
	SELECT "website_id", "kind" INTO w, k FROM "contents" WHERE "id" = NEW."content_id";
	IF w IS NULL THEN RETURN NULL; END IF;
	IF TG_TABLE_NAME = 'content_comments' THEN t := 'comment'; ELSE t := 'answers'; END IF;
	IF t = 'answers' AND EXISTS (
		SELECT 1 FROM "staff_notifications" n WHERE n."website_id" = w AND n."type" = 'answers' AND n."subject_id" = NEW."content_id"::text
			AND n."detail"->>'visitorId' = NEW."visitor_id" AND n."created_at" > now() - interval '1 minute'
	) THEN RETURN NULL; END IF;
	IF t = 'comment' THEN
		PERFORM pg_advisory_xact_lock(hashtext('signpost comment notification ' || NEW."content_id"::text));
		UPDATE "staff_notifications" n
			SET "detail" = n."detail" || jsonb_build_object('count', COALESCE((n."detail"->>'count')::int, 1) + 1,
				'visitorId', NEW."visitor_id", 'text', left(to_jsonb(NEW)->>'body', 140))
			WHERE n."id" = (
				SELECT m."id" FROM "staff_notifications" m
				WHERE m."website_id" = w AND m."type" = 'comment' AND m."subject_id" = NEW."content_id"::text
					AND m."created_at" > clock_timestamp() - interval '10 minutes'
				ORDER BY m."created_at" DESC LIMIT 1)
			RETURNING n."id" INTO nid;
		IF nid IS NOT NULL THEN
			DELETE FROM "notification_reads" WHERE "notification_id" = nid;
			RETURN NULL;
		END IF;
	END IF;
	INSERT INTO "staff_notifications" ("website_id", "type", "subject_id", "detail")
	VALUES (w, t, NEW."content_id"::text, jsonb_build_object('kind', k, 'visitorId', NEW."visitor_id",
		'text', left(CASE WHEN t = 'comment' THEN to_jsonb(NEW)->>'body' ELSE to_jsonb(NEW)->>'answer' END, 140))
		|| CASE WHEN t = 'comment' THEN jsonb_build_object('count', 1) ELSE '{}'::jsonb END);
	RETURN NULL;
END
$$;
