-- The member's notifications are a kept read too (docs/decisions/185-member-lists-kept.md): the
-- first page of the list, with the unread count, is kept like the dashboard (decision 179). A
-- notification concerns its member only: one written, one marked read (by the member, or settled
-- with its record for everyone it was sent to), one deleted with its member.
SELECT "track_member_data"('notifications', 'array[r.user_id]');
