ALTER TABLE "users" ADD COLUMN "officer_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_officer_roles_valid" CHECK ("users"."officer_roles" <@ array['president', 'secretary', 'treasurer', 'financial_secretary', 'auditor', 'loan_officer']::text[]);--> statement-breakpoint
-- Every administrator becomes the president, who holds every permission: no installation loses access.
UPDATE "users" SET "officer_roles" = array['president']::text[] WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_valid";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";
