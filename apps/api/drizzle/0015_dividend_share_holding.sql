ALTER TABLE "dividends" ADD COLUMN "share_holding" bigint;--> statement-breakpoint
CREATE INDEX "dividends_year_idx" ON "dividends" USING btree ("dividend_year");