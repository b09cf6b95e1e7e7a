-- Each repayment's posting names its repayment row, not its loan (docs/decisions/030-ledger.md
-- "Unique postings"). Earlier repayments named the loan: their reference is relabelled here, the
-- one change ever made to a written posting (amounts, accounts and dates stay as they were), with
-- the append-only trigger set aside for this statement only.
ALTER TABLE "ledger_transactions" DISABLE TRIGGER "ledger_transactions_append_only";--> statement-breakpoint
UPDATE "ledger_transactions" t
   SET "reference_type" = 'loan_repayment', "reference_id" = r."id"
  FROM "loan_repayments" r
 WHERE r."ledger_transaction_id" = t."id" AND t."kind" = 'loan_repayment';--> statement-breakpoint
ALTER TABLE "ledger_transactions" ENABLE TRIGGER "ledger_transactions_append_only";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_kind_reference_key" ON "ledger_transactions" USING btree ("kind","reference_type","reference_id");
