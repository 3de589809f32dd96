CREATE TABLE "installation" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"key" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "installation_one_check" CHECK ("installation"."one")
);
--> statement-breakpoint
INSERT INTO "installation" DEFAULT VALUES;
