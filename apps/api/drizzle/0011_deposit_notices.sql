CREATE TABLE "deposit_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"savings_amount" bigint NOT NULL,
	"share_holding_amount" bigint NOT NULL,
	"transfer_date" date NOT NULL,
	"bank_reference" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"rejection_reason" text,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_notices_status_valid" CHECK ("deposit_notices"."status" in ('pending', 'verified', 'rejected')),
	CONSTRAINT "deposit_notices_amounts" CHECK (savings_amount >= 0 and share_holding_amount >= 0 and savings_amount + share_holding_amount > 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_notices" ADD CONSTRAINT "deposit_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_notices" ADD CONSTRAINT "deposit_notices_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_notices" ADD CONSTRAINT "deposit_notices_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_notices_user_submitted_idx" ON "deposit_notices" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "deposit_notices_status_submitted_idx" ON "deposit_notices" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_notices_user_reference_key" ON "deposit_notices" USING btree ("user_id","bank_reference") WHERE status <> 'rejected';