import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layouts/page-title';
import { paths } from '../../../config/paths';
import { ImportMembersView } from '../../../features/members/components/officer/import-members-view';

export default function AdminMembersImportRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link
        to={paths.adminMembers}
        className="flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Members
      </Link>
      <PageTitle
        title="Import members"
        description="Every row is checked before anything is written; then all members are created together, each with an activation e-mail."
      />
      <ImportMembersView />
    </div>
  );
}
