CREATE TABLE "member_balance_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"savings" bigint NOT NULL,
	"shares" bigint NOT NULL,
	CONSTRAINT "member_balance_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "member_balance_days" ADD CONSTRAINT "member_balance_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_balance_days_user_day_figures_idx" ON "member_balance_days" USING btree ("user_id","day","savings","shares");--> statement-breakpoint
-- Every member's savings and share holding moves per effective day, from the ledger as it stands.
INSERT INTO "member_balance_days" ("user_id", "day", "savings", "shares")
SELECT e."user_id", t."effective_date",
       coalesce(-sum(e."amount") FILTER (WHERE e."account" = 'member_savings'), 0),
       coalesce(-sum(e."amount") FILTER (WHERE e."account" = 'member_shares'), 0)
  FROM "ledger_entries" e JOIN "ledger_transactions" t ON t."id" = e."transaction_id"
 WHERE e."account" IN ('member_savings', 'member_shares')
 GROUP BY e."user_id", t."effective_date";
