import { Page } from '../../../components/layouts/page';
import { paths } from '../../../config/paths';
import { ImportMembersView } from '../../../features/members/components/officer/import-members-view';

export default function AdminMembersImportRoute() {
  return (
    <Page
      title="Import members"
      description="Every row is checked before anything is written; then all members are created together, each with an activation e-mail."
      back={{ to: paths.adminMembers, label: 'Members' }}
    >
      <ImportMembersView />
    </Page>
  );
}
