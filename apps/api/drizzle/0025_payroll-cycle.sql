CREATE TABLE "deduction_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"savings_amount" bigint NOT NULL,
	"share_amount" bigint NOT NULL,
	"effective_month" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deduction_change_requests_status_valid" CHECK ("deduction_change_requests"."status" in ('pending', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "deduction_change_requests_month_format" CHECK (effective_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "deduction_change_requests_amounts_nonnegative" CHECK (savings_amount >= 0 and share_amount >= 0)
);
--> statement-breakpoint
CREATE TABLE "deduction_instructions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"payroll_group_id" uuid NOT NULL,
	"staff_number" text NOT NULL,
	"savings_amount" bigint NOT NULL,
	"share_amount" bigint NOT NULL,
	"effective_month" text NOT NULL,
	"source" text NOT NULL,
	"change_request_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deduction_instructions_source_valid" CHECK ("deduction_instructions"."source" in ('import', 'officer', 'member', 'policy', 'demo')),
	CONSTRAINT "deduction_instructions_month_format" CHECK (effective_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "deduction_instructions_amounts_nonnegative" CHECK (savings_amount >= 0 and share_amount >= 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_deductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"user_id" uuid NOT NULL,
	"payroll_group_id" uuid,
	"schedule_id" uuid,
	"expected_savings" bigint NOT NULL,
	"expected_shares" bigint NOT NULL,
	"expected_instalment" bigint NOT NULL,
	"expected_fines" bigint NOT NULL,
	"expected_total" bigint NOT NULL,
	"deducted_total" bigint NOT NULL,
	"allocated_savings" bigint NOT NULL,
	"allocated_shares" bigint NOT NULL,
	"allocated_instalment" bigint NOT NULL,
	"allocated_fines" bigint NOT NULL,
	"kind" text NOT NULL,
	"contribution_id" uuid,
	"posted_by" uuid,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_deductions_kind_valid" CHECK ("payroll_deductions"."kind" in ('matched', 'short', 'over', 'missing', 'unexpected')),
	CONSTRAINT "payroll_deductions_month_format" CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payroll_deductions_allocation_adds_up" CHECK (allocated_savings + allocated_shares + allocated_instalment + allocated_fines = deducted_total),
	CONSTRAINT "payroll_deductions_amounts_nonnegative" CHECK (least(expected_savings, expected_shares, expected_instalment, expected_fines, expected_total, deducted_total, allocated_savings, allocated_shares, allocated_instalment, allocated_fines) >= 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"payroll_group_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"received_on" date NOT NULL,
	"reference" text NOT NULL,
	"ledger_transaction_id" uuid,
	"recorded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_remittances_month_format" CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payroll_remittances_amount_positive" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_schedule_lines" (
	"schedule_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"staff_number" text NOT NULL,
	"savings_amount" bigint NOT NULL,
	"share_amount" bigint NOT NULL,
	"instalment_amount" bigint NOT NULL,
	"loan_id" uuid,
	"fine_amount" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	CONSTRAINT "payroll_schedule_lines_schedule_id_user_id_pk" PRIMARY KEY("schedule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "payroll_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"payroll_group_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"members" integer NOT NULL,
	"savings_amount" bigint NOT NULL,
	"share_amount" bigint NOT NULL,
	"instalment_amount" bigint NOT NULL,
	"fine_amount" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"generated_by" uuid,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	CONSTRAINT "payroll_schedules_month_format" CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "deduction_change_requests" ADD CONSTRAINT "deduction_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduction_change_requests" ADD CONSTRAINT "deduction_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduction_instructions" ADD CONSTRAINT "deduction_instructions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduction_instructions" ADD CONSTRAINT "deduction_instructions_payroll_group_id_payroll_groups_id_fk" FOREIGN KEY ("payroll_group_id") REFERENCES "public"."payroll_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduction_instructions" ADD CONSTRAINT "deduction_instructions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_payroll_group_id_payroll_groups_id_fk" FOREIGN KEY ("payroll_group_id") REFERENCES "public"."payroll_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_schedule_id_payroll_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."payroll_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_remittances" ADD CONSTRAINT "payroll_remittances_payroll_group_id_payroll_groups_id_fk" FOREIGN KEY ("payroll_group_id") REFERENCES "public"."payroll_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_remittances" ADD CONSTRAINT "payroll_remittances_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_remittances" ADD CONSTRAINT "payroll_remittances_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_schedule_lines" ADD CONSTRAINT "payroll_schedule_lines_schedule_id_payroll_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."payroll_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_schedule_lines" ADD CONSTRAINT "payroll_schedule_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_schedule_lines" ADD CONSTRAINT "payroll_schedule_lines_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_schedules" ADD CONSTRAINT "payroll_schedules_payroll_group_id_payroll_groups_id_fk" FOREIGN KEY ("payroll_group_id") REFERENCES "public"."payroll_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_schedules" ADD CONSTRAINT "payroll_schedules_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deduction_change_requests_one_pending_key" ON "deduction_change_requests" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "deduction_change_requests_status_created_idx" ON "deduction_change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "deduction_change_requests_user_created_idx" ON "deduction_change_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deduction_instructions_user_effective_idx" ON "deduction_instructions" USING btree ("user_id","effective_month" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deduction_instructions_group_idx" ON "deduction_instructions" USING btree ("payroll_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_deductions_user_month_key" ON "payroll_deductions" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "payroll_deductions_month_group_idx" ON "payroll_deductions" USING btree ("month","payroll_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_groups_code_key" ON "payroll_groups" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_remittances_group_reference_key" ON "payroll_remittances" USING btree ("payroll_group_id","reference");--> statement-breakpoint
CREATE INDEX "payroll_remittances_month_group_idx" ON "payroll_remittances" USING btree ("month","payroll_group_id");--> statement-breakpoint
CREATE INDEX "payroll_schedule_lines_user_idx" ON "payroll_schedule_lines" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_schedules_month_group_version_key" ON "payroll_schedules" USING btree ("month","payroll_group_id","version");