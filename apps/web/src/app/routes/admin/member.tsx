import { useParams } from 'react-router';
import { RecordState } from '../../../components/list/record-state';
import { Page } from '../../../components/layouts/page';
import { paths } from '../../../config/paths';
import { useMemberRecord } from '../../../features/members/api/get-member-record';
import { MemberRecord } from '../../../features/members/components/officer/member-record';
import { InstructionSection } from '../../../features/payroll/components/officer/instruction-section';

export default function AdminMemberRoute() {
  const { id = '' } = useParams();
  const record = useMemberRecord(id);
  const member = record.data?.data.member;
  return (
    <Page
      title={member ? `${member.firstName} ${member.lastName}` : 'Member'}
      back={{ to: paths.adminMembers, label: 'Members' }}
    >
      <RecordState
        query={record}
        failure="Failed to fetch the member"
        loadingLabel="Loading the member"
      >
        {(answer) => (
          <MemberRecord
            record={answer.data}
            deductions={
              <InstructionSection
                userId={answer.data.member.id}
                name={`${answer.data.member.firstName} ${answer.data.member.lastName}`}
              />
            }
          />
        )}
      </RecordState>
    </Page>
  );
}
