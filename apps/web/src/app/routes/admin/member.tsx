import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/list/query-state';
import { PageTitle } from '../../../components/layouts/page-title';
import { paths } from '../../../config/paths';
import { useMemberRecord } from '../../../features/members/api/get-member-record';
import { MemberRecord } from '../../../features/members/components/officer/member-record';
import { failureMessage } from '../../../lib/api-client';

export default function AdminMemberRoute() {
  const { id = '' } = useParams();
  const record = useMemberRecord(id);
  const member = record.data?.data.member;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link
        to={paths.adminMembers}
        className="flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Members
      </Link>
      <PageTitle title={member ? `${member.firstName} ${member.lastName}` : 'Member'} />
      <QueryState
        isPending={record.isPending}
        errorMessage={
          record.isError ? failureMessage(record.error, 'Failed to fetch the member') : null
        }
        onRetry={() => void record.refetch()}
        isEmpty={false}
        emptyMessage=""
        loadingLabel="Loading the member"
      >
        {record.data ? <MemberRecord record={record.data.data} /> : null}
      </QueryState>
    </div>
  );
}
