CREATE TABLE "loan_disbursement_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"disbursement_date" date NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	CONSTRAINT "loan_disbursement_requests_method_valid" CHECK ("loan_disbursement_requests"."method" in ('bank_transfer', 'cash', 'cheque')),
	CONSTRAINT "loan_disbursement_requests_status_valid" CHECK ("loan_disbursement_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "loan_disbursement_requests_amount_positive" CHECK (amount > 0)
);
--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "disbursement_method" text;--> statement-breakpoint
ALTER TABLE "loan_disbursement_requests" ADD CONSTRAINT "loan_disbursement_requests_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_disbursement_requests" ADD CONSTRAINT "loan_disbursement_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_disbursement_requests" ADD CONSTRAINT "loan_disbursement_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_disbursement_requests_loan_idx" ON "loan_disbursement_requests" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_disbursement_requests_one_pending_key" ON "loan_disbursement_requests" USING btree ("loan_id") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_disbursement_method_valid" CHECK ("loans"."disbursement_method" in ('bank_transfer', 'cash', 'cheque'));