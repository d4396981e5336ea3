-- The messenger (a launcher and a window on the customer's site): one saved configuration per
-- website; a website without a row answers the defaults (launcher hidden).
CREATE TABLE "bubble_configs" (
	"website_id" uuid PRIMARY KEY NOT NULL REFERENCES "websites"("id") ON DELETE CASCADE,
	"launcher_settings" jsonb NOT NULL,
	"open_config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The content call's answer carries it: every API process must drop its cached copy (see 0010).
CREATE TRIGGER "bubble_configs_script_content" AFTER INSERT OR UPDATE OR DELETE ON "bubble_configs" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_script_content"();--> statement-breakpoint
-- Conversations between a website's visitor and its staff.
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL REFERENCES "websites"("id") ON DELETE CASCADE,
	"visitor_id" text NOT NULL,
	"client_member_id" uuid REFERENCES "client_members"("id") ON DELETE SET NULL,
	"email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"staff_unread" integer DEFAULT 0 NOT NULL,
	"visitor_unread" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_status_check" CHECK ("status" in ('open', 'closed'))
);--> statement-breakpoint
CREATE INDEX "conversations_website_last_idx" ON "conversations" ("website_id", "last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_website_visitor_idx" ON "conversations" ("website_id", "visitor_id");--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE CASCADE,
	"author" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_messages_author_check" CHECK ("author" in ('visitor', 'staff'))
);--> statement-breakpoint
CREATE INDEX "conversation_messages_conversation_idx" ON "conversation_messages" ("conversation_id", "created_at");--> statement-breakpoint
-- What the website's staff act on: a visitor's message, a comment, form answers, the script first
-- seen on a domain, a tour step's element missing. Read per staff member (notification_reads).
CREATE TABLE "staff_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL REFERENCES "websites"("id") ON DELETE CASCADE,
	"type" text NOT NULL,
	"subject_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notifications_type_check" CHECK ("type" in ('message', 'comment', 'answers', 'installed', 'element_missing'))
);--> statement-breakpoint
CREATE INDEX "staff_notifications_website_created_idx" ON "staff_notifications" ("website_id", "created_at");--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"notification_id" uuid NOT NULL REFERENCES "staff_notifications"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("notification_id", "user_id")
);--> statement-breakpoint
-- The live streams' events (Server-Sent Events): a visitor's (visitor_id set) or the website's staff
-- (visitor_id null). Their id is the stream's event id: a reconnecting client asks for what follows.
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"website_id" uuid NOT NULL REFERENCES "websites"("id") ON DELETE CASCADE,
	"visitor_id" text,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "live_events_website_visitor_idx" ON "live_events" ("website_id", "visitor_id", "id");--> statement-breakpoint
-- Every API process holds some of the streams: each hears every new event through this channel
-- (whichever process wrote it) and passes it on to the streams it holds.
CREATE FUNCTION "signpost_notify_live"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('signpost_live', NEW."id"::text);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "live_events_notify" AFTER INSERT ON "live_events" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_live"();--> statement-breakpoint
-- A new notification goes to the staff's streams (the header's bell).
CREATE FUNCTION "signpost_notification_live"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "live_events" ("website_id", "visitor_id", "type", "payload")
	VALUES (NEW."website_id", NULL, 'notification', jsonb_build_object('id', NEW."id", 'type', NEW."type"));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "staff_notifications_live" AFTER INSERT ON "staff_notifications" FOR EACH ROW EXECUTE FUNCTION "signpost_notification_live"();--> statement-breakpoint
-- Comments and form answers become notifications whoever stored them (the events call, an import).
-- One submitted form is several answer rows: one notification per visitor and item a minute.
CREATE FUNCTION "signpost_notify_staff_of_content"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	w uuid;
	k text;
	t text;
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
	INSERT INTO "staff_notifications" ("website_id", "type", "subject_id", "detail")
	VALUES (w, t, NEW."content_id"::text, jsonb_build_object('kind', k, 'visitorId', NEW."visitor_id",
		'text', left(CASE WHEN t = 'comment' THEN to_jsonb(NEW)->>'body' ELSE to_jsonb(NEW)->>'answer' END, 140)));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "content_comments_staff" AFTER INSERT ON "content_comments" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_staff_of_content"();--> statement-breakpoint
CREATE TRIGGER "form_answers_staff" AFTER INSERT ON "form_answers" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_staff_of_content"();--> statement-breakpoint
-- The script seen for the first time on a page origin of the website.
CREATE FUNCTION "signpost_notify_staff_installed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "staff_notifications" ("website_id", "type", "subject_id", "detail")
	VALUES (NEW."website_id", 'installed', NEW."origin", jsonb_build_object('origin', NEW."origin"));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "website_installations_staff" AFTER INSERT ON "website_installations" FOR EACH ROW EXECUTE FUNCTION "signpost_notify_staff_installed"();--> statement-breakpoint
-- A tour step whose element the page did not have: once per item, page and selector a day.
CREATE FUNCTION "signpost_notify_staff_element_missing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."type" <> 'element_missing' OR NEW."content_id" IS NULL THEN RETURN NULL; END IF;
	IF EXISTS (
		SELECT 1 FROM "staff_notifications" n WHERE n."website_id" = NEW."website_id" AND n."type" = 'element_missing'
			AND n."subject_id" = NEW."content_id"::text AND n."detail"->'detail' IS NOT DISTINCT FROM COALESCE(NEW."detail", '{}'::jsonb)
			AND n."created_at" > now() - interval '1 day'
	) THEN RETURN NULL; END IF;
	INSERT INTO "staff_notifications" ("website_id", "type", "subject_id", "detail")
	VALUES (NEW."website_id", 'element_missing', NEW."content_id"::text,
		jsonb_build_object('kind', NEW."content_kind", 'visitorId', NEW."visitor_id", 'detail', COALESCE(NEW."detail", '{}'::jsonb)));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visitor_events_element_missing_staff" AFTER INSERT ON "visitor_events" FOR EACH ROW WHEN (NEW."type" = 'element_missing') EXECUTE FUNCTION "signpost_notify_staff_element_missing"();
--> statement-breakpoint
-- A message goes to the conversation's visitor and to the staff; a visitor's one is also a notification.
CREATE FUNCTION "signpost_conversation_message_live"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	c record;
	m jsonb;
BEGIN
	SELECT "website_id", "visitor_id" INTO c FROM "conversations" WHERE "id" = NEW."conversation_id";
	m := jsonb_build_object('_id', NEW."id", 'conversationId', NEW."conversation_id", 'author', NEW."author", 'body', NEW."body", 'createdAt', NEW."created_at");
	INSERT INTO "live_events" ("website_id", "visitor_id", "type", "payload") VALUES (c."website_id", c."visitor_id", 'message', m);
	INSERT INTO "live_events" ("website_id", "visitor_id", "type", "payload") VALUES (c."website_id", NULL, 'message', m);
	IF NEW."author" = 'visitor' THEN
		INSERT INTO "staff_notifications" ("website_id", "type", "subject_id", "detail")
		VALUES (c."website_id", 'message', NEW."conversation_id"::text, jsonb_build_object('visitorId', c."visitor_id", 'text', left(NEW."body", 140)));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "conversation_messages_live" AFTER INSERT ON "conversation_messages" FOR EACH ROW EXECUTE FUNCTION "signpost_conversation_message_live"();
