-- A staff answer is e-mailed to an anonymous visitor only when it stays unread for a while: the
-- conversation keeps when that e-mail is due (the first answer of a burst sets it, the visitor's
-- reading clears it), so the wait survives a restart and any API process may send it.
ALTER TABLE "conversations" ADD COLUMN "reply_mail_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "reply_mail_language" text;--> statement-breakpoint
CREATE INDEX "conversations_reply_mail_due_idx" ON "conversations" USING btree ("reply_mail_due_at") WHERE "conversations"."reply_mail_due_at" is not null;
