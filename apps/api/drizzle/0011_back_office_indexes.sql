CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_time_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "contributions_status_dispute_date_idx" ON "contributions" USING btree ("status","dispute_date");--> statement-breakpoint
CREATE INDEX "contributions_month_idx" ON "contributions" USING btree ("contribution_month");