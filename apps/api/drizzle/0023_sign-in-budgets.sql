CREATE TABLE "sign_in_locks" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "sign_in_lockouts" CASCADE;--> statement-breakpoint
DROP TABLE "sign_in_identifier_lockouts" CASCADE;