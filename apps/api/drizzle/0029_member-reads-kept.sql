CREATE TABLE "member_data_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"weight" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "member_data_changes_weight_positive" CHECK ("member_data_changes"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_read_cache" (
	"user_id" uuid NOT NULL,
	"view" text NOT NULL,
	"day" date NOT NULL,
	"version" bigint NOT NULL,
	"code_version" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "member_read_cache_user_id_view_pk" PRIMARY KEY("user_id","view")
);
--> statement-breakpoint
ALTER TABLE "member_read_cache" ADD CONSTRAINT "member_read_cache_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_data_changes_user_id_idx" ON "member_data_changes" USING btree ("user_id");--> statement-breakpoint
-- The change feed (docs/decisions/179-member-reads-kept-at-write-time.md). After each statement on
-- a table a kept read reads, one row per member the changed rows concern, and one null row when
-- they concern every member. TG_ARGV[0]: the members a row `r` concerns, as a uuid array over the
-- table's columns (through loans for a loan's parts); TG_ARGV[1] (optional): when the statement
-- concerns every member, a boolean over `r` or over the transition tables themselves. The rows
-- are those the statement inserted, deleted, or updated (old and new), through the transition
-- tables every trigger below names `new_rows` and `old_rows`. A trigger with transition tables
-- fires on one event only (PostgreSQL refuses `insert or update` with them), so each table has
-- three.
CREATE FUNCTION "note_member_data_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'select * from new_rows'
    WHEN 'DELETE' THEN 'select * from old_rows'
    ELSE 'select * from new_rows union all select * from old_rows' END;
BEGIN
  EXECUTE format(
    'insert into member_data_changes (user_id)
       select distinct m from (%1$s) r cross join lateral unnest(%2$s) m where m is not null
       union all
       select null where exists (select 1 from (%1$s) r where %3$s)',
    changed, TG_ARGV[0], coalesce(TG_ARGV[1], 'false'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Puts the three triggers on a table: `members` and `everyone` as above, `everyone` per event
-- (a migration that adds a table to a kept read calls it too).
CREATE FUNCTION "track_member_data"(tbl regclass, members text, on_insert text DEFAULT 'false',
    on_update text DEFAULT NULL, on_delete text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER member_data_change_insert AFTER INSERT ON %s
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION note_member_data_change(%L, %L)', tbl, members, on_insert);
  EXECUTE format('CREATE TRIGGER member_data_change_update AFTER UPDATE ON %s
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION note_member_data_change(%L, %L)', tbl, members, coalesce(on_update, on_insert));
  EXECUTE format('CREATE TRIGGER member_data_change_delete AFTER DELETE ON %s
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
      EXECUTE FUNCTION note_member_data_change(%L, %L)', tbl, members, coalesce(on_delete, on_insert));
END $$;
--> statement-breakpoint
-- Every table the dashboard reads (dashboard-kept.test.ts holds this list to its statement).
SELECT "track_member_data"('member_balances', 'array[r.user_id]');
--> statement-breakpoint
SELECT "track_member_data"('member_balance_days', 'array[r.user_id]');
--> statement-breakpoint
SELECT "track_member_data"('member_holds', 'array[r.user_id]');
--> statement-breakpoint
SELECT "track_member_data"('contributions', 'array[r.user_id]');
--> statement-breakpoint
SELECT "track_member_data"('withdrawals', 'array[r.user_id]');
--> statement-breakpoint
SELECT "track_member_data"('dividends', 'array[r.user_id]');
--> statement-breakpoint
SELECT "track_member_data"('fines', 'array[r.user_id]');
--> statement-breakpoint
SELECT "track_member_data"('deposit_notices', 'array[r.user_id]');
--> statement-breakpoint
SELECT "track_member_data"('payroll_deductions', 'array[r.user_id]');
--> statement-breakpoint
-- A loan under review is on every reviewer's Pending Actions: entering, leaving or changing in
-- review concerns every member (a null row), never a list of reviewers read now, which a member
-- made reviewer in a concurrent transaction would be missing from.
SELECT "track_member_data"('loans', 'array[r.user_id]', 'r.status = ''under_review''');
--> statement-breakpoint
-- A loan's parts concern its borrower (a loan's borrower never changes), a slot its guarantor
-- too, a certification its reviewer too.
SELECT "track_member_data"('loan_schedule_items',
  'array[(select l.user_id from loans l where l.id = r.loan_id)]');
--> statement-breakpoint
SELECT "track_member_data"('loan_repayments',
  'array[(select l.user_id from loans l where l.id = r.loan_id)]');
--> statement-breakpoint
SELECT "track_member_data"('loan_guarantors',
  'array[r.guarantor_user_id, (select l.user_id from loans l where l.id = r.loan_id)]');
--> statement-breakpoint
SELECT "track_member_data"('loan_certifications',
  'array[r.reviewer_id, (select l.user_id from loans l where l.id = r.loan_id)]');
--> statement-breakpoint
SELECT "track_member_data"('loan_disbursement_requests',
  'array[(select l.user_id from loans l where l.id = r.loan_id)]');
--> statement-breakpoint
-- A member's row concerns them (their reviewer flag). What other members see of them (a name on a
-- guarantee, a borrower in review) concerns everyone: so does a member's deletion, and any change
-- but the sign-in's own columns (a password set or changed, a session cut-off). Members are edited
-- rarely; a sign-in writes none of these, a new member concerns only themselves.
SELECT "track_member_data"('users', 'array[r.id]',
  on_update => 'exists (select 1 from new_rows n join old_rows o on o.id = n.id
     where to_jsonb(n) - array[''password_hash'', ''tokens_valid_after'', ''activated_at'', ''updated_at'']
       is distinct from to_jsonb(o) - array[''password_hash'', ''tokens_valid_after'', ''activated_at'', ''updated_at''])',
  on_delete => 'true');
