-- The change feed's triggers with their SQL written out (docs/decisions/179-member-reads-kept-
-- at-write-time.md, "Each table and event its own function"). Migration 0029 gave every tracked
-- table three triggers calling one generic function that built its insert with EXECUTE format(…)
-- from the trigger's arguments: PostgreSQL parsed and planned it again on every statement on a
-- tracked table. Now `track_member_data` (the same signature: a later migration tracks a table as
-- 0029 did) writes one function per table and event, `member_data_change_<event>_<table>`, whose
-- insert is static SQL: plpgsql prepares it at its first call in a session and keeps the plan.
-- Tracking a table again replaces its functions and triggers. What the feed notes is unchanged:
-- one row per distinct member the statement's rows concern (inserted rows; deleted rows; for an
-- update the old and the new ones), and one null row when they concern every member.
CREATE OR REPLACE FUNCTION "track_member_data"(tbl regclass, members text,
    on_insert text DEFAULT 'false', on_update text DEFAULT NULL,
    on_delete text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  relname text := (SELECT c.relname FROM pg_class c WHERE c.oid = tbl);
  event text;
  everyone text;
  changed text;
  transition text;
  fn text;
BEGIN
  FOREACH event IN ARRAY array['insert', 'update', 'delete'] LOOP
    everyone := CASE event WHEN 'insert' THEN on_insert
      WHEN 'update' THEN coalesce(on_update, on_insert) ELSE coalesce(on_delete, on_insert) END;
    changed := CASE event WHEN 'insert' THEN 'select * from new_rows'
      WHEN 'delete' THEN 'select * from old_rows'
      ELSE 'select * from new_rows union all select * from old_rows' END;
    transition := CASE event WHEN 'insert' THEN 'NEW TABLE AS new_rows'
      WHEN 'delete' THEN 'OLD TABLE AS old_rows' ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END;
    fn := format('member_data_change_%s_%s', event, relname);
    IF octet_length(fn) > 63 THEN
      RAISE EXCEPTION 'track_member_data: % is longer than a name may be', fn;
    END IF;
    EXECUTE format('CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS %L', fn,
      format(E'BEGIN\n  insert into member_data_changes (user_id)\n'
        '    select distinct m from (%1$s) r cross join lateral unnest(%2$s) m where m is not null%3$s;\n'
        '  RETURN NULL;\nEND', changed, members,
        CASE WHEN everyone = 'false' THEN ''
          ELSE format(E'\n    union all\n    select null where exists (select 1 from (%s) r where %s)', changed, everyone) END));
    IF EXISTS (SELECT 1 FROM pg_trigger t
        WHERE t.tgrelid = tbl AND t.tgname = 'member_data_change_' || event) THEN
      EXECUTE format('DROP TRIGGER %I ON %s', 'member_data_change_' || event, tbl);
    END IF;
    EXECUTE format('CREATE TRIGGER %I AFTER %s ON %s REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      'member_data_change_' || event, upper(event), tbl, transition, fn);
  END LOOP;
END $$;
--> statement-breakpoint
-- Every table tracked so far (migrations 0029 and 0030), with the same members and "everyone"
-- conditions: each gets its own functions in place of note_member_data_change.
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
SELECT "track_member_data"('loans', 'array[r.user_id]', 'r.status = ''under_review''');
--> statement-breakpoint
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
SELECT "track_member_data"('users', 'array[r.id]',
  on_update => 'exists (select 1 from new_rows n join old_rows o on o.id = n.id
     where to_jsonb(n) - array[''password_hash'', ''tokens_valid_after'', ''activated_at'', ''updated_at'']
       is distinct from to_jsonb(o) - array[''password_hash'', ''tokens_valid_after'', ''activated_at'', ''updated_at''])',
  on_delete => 'true');
--> statement-breakpoint
SELECT "track_member_data"('notifications', 'array[r.user_id]');
--> statement-breakpoint
-- No trigger calls the generic function any more (dropping it fails while one does).
DROP FUNCTION "note_member_data_change"();
