ALTER TABLE "notifications" ADD COLUMN "subject_type" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
CREATE INDEX "notifications_subject_idx" ON "notifications" USING btree ("subject_id") WHERE subject_id is not null;