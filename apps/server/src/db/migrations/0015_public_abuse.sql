-- 0015_public_abuse: written by hand (see the issue-20 work); the drizzle schema in db/schema mirrors it.
-- Mail quotas (issue 20 item 5): mails an anonymous caller causes are counted per recipient
-- address (its SHA-256) and per team in fixed hourly windows, in the statement that writes the mail.
CREATE TABLE "mail_quotas" (
	"key" varchar(80) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_quotas_window_idx" ON "mail_quotas" USING btree ("window_start");
