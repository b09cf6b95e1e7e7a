import { MEMBER_MESSAGES, MEMBER_STATUS_DISPLAY } from '@coop/shared/member-rules';
import { formatPhone } from '@coop/shared/phone';
import { Fragment } from 'react';
import type { AdminMember } from '@coop/shared/members';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { OFFICER_ROLE_LABELS } from '@coop/shared/officers';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../../components/list/data-table';
import { Badge } from '../../../../components/ui/badge';
import { adminMemberPath } from '../../../../config/paths';
import { formatDisplayDate } from '@coop/shared/dates';
import type { ListParams } from '../../../../lib/use-list-params';
import { useMembers } from '../../api/get-members';
import { MEMBER_LIST_CONFIG } from './member-list-config';
import { memberStatus } from '@coop/shared/member-rules';
import { PagedTable } from '../../../../components/list/paged-table';
import { statusColumn } from '../../../../components/list/columns';

const columns: readonly DataTableColumn<AdminMember>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (row) => (
      <Link
        className="font-medium text-primary underline-offset-4 hover:underline"
        to={adminMemberPath(row.id)}
      >
        {row.firstName} {row.lastName}
      </Link>
    ),
  },
  { id: 'membershipId', header: 'Membership ID', cell: (row) => row.membershipId },
  {
    id: 'contact',
    header: 'Contact',
    cell: (row) => (
      <span className="grid">
        <EmailAddress email={row.email} />
        <span className="text-muted-foreground">
          {row.phoneNumber ? formatPhone(row.phoneNumber) : 'No phone'}
        </span>
      </span>
    ),
  },
  { id: 'joined', header: 'Joined', cell: (row) => formatDisplayDate(row.joinedOn) },
  {
    id: 'roles',
    header: 'Roles',
    cell: (row) => (
      <span className="flex flex-wrap gap-1">
        {row.roles.map((role) => (
          <Badge key={role} variant="info">
            {OFFICER_ROLE_LABELS[role]}
          </Badge>
        ))}
        {row.isLoanReviewer ? <Badge variant="secondary">Reviewer</Badge> : null}
        {row.isExco ? <Badge variant="secondary">EXCO</Badge> : null}
        {row.roles.length === 0 && !row.isLoanReviewer && !row.isExco ? 'Member' : null}
      </span>
    ),
  },
  statusColumn(MEMBER_STATUS_DISPLAY, (row) => memberStatus(row)),
];

/** GET /admin/users for the list's current query: table on wide screens, cards on phones. */
export function MembersList<SortField extends string>({ list }: { list: ListParams<SortField> }) {
  const members = useMembers(list.query);
  return (
    <PagedTable
      list={list}
      query={members}
      failure={FALLBACK_MESSAGES.fetchUsers}
      caption="Members"
      columns={columns}
      getRowLabel={(row) => `${row.firstName} ${row.lastName}`}
      emptyMessage={MEMBER_MESSAGES.membersEmpty}
      loadingLabel="Loading members"
      pageLabel="Member pages"
      pageSizeOptions={MEMBER_LIST_CONFIG.pageSizeOptions}
    />
  );
}

/**
 * An e-mail address that wraps only after its '@' or before a dot of its domain, never inside a
 * word (a narrow column used to split 'adaeze.nn|aji@…' anywhere).
 */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <span className="break-words whitespace-normal">{email}</span>;
  const [first = '', ...rest] = email.slice(at + 1).split('.');
  return (
    <span data-email className="whitespace-normal">
      {email.slice(0, at + 1)}
      <wbr />
      {first}
      {rest.map((part, index) => (
        <Fragment key={index}>
          <wbr />.{part}
        </Fragment>
      ))}
    </span>
  );
}
