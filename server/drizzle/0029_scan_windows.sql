CREATE TABLE "scan_windows" (
	"card" text PRIMARY KEY NOT NULL,
	"held_by" text NOT NULL,
	"at" bigint NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"verdict" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scan_windows_until_idx" ON "scan_windows" USING btree ("until");