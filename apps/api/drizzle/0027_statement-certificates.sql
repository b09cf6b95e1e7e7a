CREATE TABLE "statement_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"savings_opening" bigint NOT NULL,
	"savings_closing" bigint NOT NULL,
	"shares_opening" bigint NOT NULL,
	"shares_closing" bigint NOT NULL,
	"loan_opening" bigint,
	"loan_closing" bigint,
	"content_sha256" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statement_certificates_code_format" CHECK ("statement_certificates"."code" ~ '^[0-9A-HJKMNP-TV-Z]{12}$'),
	CONSTRAINT "statement_certificates_sha256_format" CHECK ("statement_certificates"."content_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "statement_certificates_period" CHECK ("statement_certificates"."start_date" <= "statement_certificates"."end_date"),
	CONSTRAINT "statement_certificates_loan_both_or_neither" CHECK (("statement_certificates"."loan_opening" is null) = ("statement_certificates"."loan_closing" is null))
);
--> statement-breakpoint
ALTER TABLE "statement_certificates" ADD CONSTRAINT "statement_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_certificates_code_key" ON "statement_certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "statement_certificates_user_idx" ON "statement_certificates" USING btree ("user_id","issued_at");