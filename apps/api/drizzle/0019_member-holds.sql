CREATE TABLE "member_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "member_holds_amount_positive" CHECK (amount > 0),
	CONSTRAINT "member_holds_account_check" CHECK ("member_holds"."account" in ('member_savings', 'member_shares')),
	CONSTRAINT "member_holds_reason_check" CHECK ("member_holds"."reason" in ('guarantee', 'withdrawal'))
);
--> statement-breakpoint
ALTER TABLE "member_balances" ADD COLUMN "frozen_shares" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_holds" ADD CONSTRAINT "member_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_holds_open_reference_idx" ON "member_holds" USING btree ("reason","reference_id") WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "member_holds_open_user_idx" ON "member_holds" USING btree ("user_id") WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "member_holds_reference_idx" ON "member_holds" USING btree ("reason","reference_id");--> statement-breakpoint
ALTER TABLE "member_balances" ADD CONSTRAINT "member_balances_frozen_shares_nonnegative" CHECK (frozen_shares >= 0);--> statement-breakpoint
-- Holds for what is already set aside: each accepted guarantee's frozen amount and each pending
-- withdrawal request; then each member's frozen amounts become the sums of their open holds.
INSERT INTO "member_holds" ("user_id", "account", "amount", "reason", "reference_id", "opened_at")
SELECT "guarantor_user_id", 'member_savings', "frozen_amount", 'guarantee', "id", coalesce("response_date", "updated_at")
  FROM "loan_guarantors" WHERE "frozen_amount" > 0;--> statement-breakpoint
INSERT INTO "member_holds" ("user_id", "account", "amount", "reason", "reference_id", "opened_at")
SELECT "user_id", CASE WHEN "withdrawal_type" = 'savings' THEN 'member_savings' ELSE 'member_shares' END,
       "requested_amount", 'withdrawal', "id", "request_date"
  FROM "withdrawals" WHERE "status" = 'pending';--> statement-breakpoint
UPDATE "member_balances" b
   SET "frozen_amount" = coalesce(h."savings", 0),
       "frozen_shares" = coalesce(h."shares", 0),
       "version" = b."version" + 1
  FROM "member_balances" b2
  LEFT JOIN (SELECT "user_id",
                    sum("amount") FILTER (WHERE "account" = 'member_savings') AS "savings",
                    sum("amount") FILTER (WHERE "account" = 'member_shares') AS "shares"
               FROM "member_holds" WHERE "released_at" IS NULL GROUP BY "user_id") h
    ON h."user_id" = b2."user_id"
 WHERE b."user_id" = b2."user_id"
   AND (b."frozen_amount" <> coalesce(h."savings", 0) OR b."frozen_shares" <> coalesce(h."shares", 0));
