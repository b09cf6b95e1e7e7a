import { FileUp } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../../components/layouts/page';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ListFilters } from '../../../components/list/list-filters';
import {
  MEMBER_FILTERS,
  MEMBER_LIST_CONFIG,
} from '../../../features/members/components/officer/member-list-config';
import { CreateMemberDialog } from '../../../features/members/components/officer/member-form-dialog';
import { MembersList } from '../../../features/members/components/officer/members-list';
import { useListParams } from '../../../lib/use-list-params';

/**
 * The back office's members (docs/decisions/070-back-office.md; GET /admin/users): every account,
 * with search and filters in the URL.
 */
export default function AdminMembersRoute() {
  const list = useListParams(MEMBER_LIST_CONFIG);
  return (
    <Page
      title="Members"
      description="Register members, keep their details and roles, suspend or reactivate them."
      actions={
        <>
          <Button variant="outline" asChild>
            <Link to={paths.adminMemberImport}>
              <FileUp aria-hidden="true" />
              Import CSV
            </Link>
          </Button>
          <CreateMemberDialog />
        </>
      }
    >
      <ListFilters
        list={list}
        filters={MEMBER_FILTERS}
        title="Search members"
        description="Find members by name, e-mail, phone or membership ID."
        search={{ label: 'Search', placeholder: 'Name, e-mail, phone or membership ID' }}
      />
      <MembersList list={list} />
    </Page>
  );
}
