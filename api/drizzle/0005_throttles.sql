-- Issue 10, item 7: throttling without lock-out. Attempts are counted per key with one atomic
-- UPSERT, and the time the next attempt must wait is stored with them (services/login-limiter.ts).
CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"wait_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_attempts";
