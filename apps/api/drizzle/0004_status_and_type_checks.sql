ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose_valid" CHECK ("one_time_tokens"."purpose" in ('activation', 'password_reset'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('user', 'admin'));--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_status_valid" CHECK ("contributions"."status" in ('pending', 'confirmed', 'disputed', 'resolved'));--> statement-breakpoint
ALTER TABLE "loan_certifications" ADD CONSTRAINT "loan_certifications_decision_valid" CHECK ("loan_certifications"."decision" in ('approve', 'reject'));--> statement-breakpoint
ALTER TABLE "loan_guarantors" ADD CONSTRAINT "loan_guarantors_status_valid" CHECK ("loan_guarantors"."status" in ('pending', 'accepted', 'rejected'));--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_payment_method_valid" CHECK ("loan_repayments"."payment_method" in ('payroll', 'bank_transfer', 'cash'));--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_repayment_type_valid" CHECK ("loan_repayments"."repayment_type" in ('regular', 'partial', 'full'));--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_status_valid" CHECK ("loan_repayments"."status" in ('pending', 'confirmed', 'rejected'));--> statement-breakpoint
ALTER TABLE "loan_schedule_items" ADD CONSTRAINT "loan_schedule_items_status_valid" CHECK ("loan_schedule_items"."status" in ('pending', 'partial', 'paid', 'overdue'));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_status_valid" CHECK ("loans"."status" in ('pending', 'under_review', 'approved', 'rejected', 'disbursed', 'repaid', 'defaulted'));--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_dividend_type_valid" CHECK ("dividends"."dividend_type" in ('share_holding', 'savings', 'patronage'));--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_status_valid" CHECK ("dividends"."status" in ('calculated', 'pending', 'paid'));--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_status_valid" CHECK ("fines"."status" in ('pending', 'paid', 'waived'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_priority_valid" CHECK ("notifications"."priority" in ('urgent', 'high', 'medium', 'low'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_withdrawal_type_valid" CHECK ("withdrawals"."withdrawal_type" in ('savings', 'share_holding'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_valid" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_valid" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed'));