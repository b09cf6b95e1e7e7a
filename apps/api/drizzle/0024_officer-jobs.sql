CREATE TABLE "officer_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"actor" jsonb NOT NULL,
	"input" jsonb,
	"plan" jsonb,
	"state" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"message" text,
	"error" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "officer_jobs_kind_check" CHECK ("officer_jobs"."kind" in ('members.import', 'payroll.post', 'dividends.pay')),
	CONSTRAINT "officer_jobs_state_check" CHECK ("officer_jobs"."state" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "officer_jobs" ADD CONSTRAINT "officer_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "officer_jobs_state_created_idx" ON "officer_jobs" USING btree ("state","created_at");