CREATE TABLE "sign_in_sources" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_sources_pkey" PRIMARY KEY("user_id","kind","value"),
	CONSTRAINT "sign_in_sources_kind_check" CHECK ("sign_in_sources"."kind" in ('device', 'address'))
);
--> statement-breakpoint
CREATE INDEX "sign_in_sources_last_at_idx" ON "sign_in_sources" USING btree ("last_at");