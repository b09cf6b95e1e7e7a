import { PageTitle } from '../../../components/layouts/page-title';
import { ProfileView } from '../../../features/account/components/profile-view';

/** docs/member-portal.md §2 Profile. */
export default function ProfileRoute() {
  return (
    <div className="grid gap-6">
      <PageTitle title="Profile" description="Your membership details and password." />
      <ProfileView />
    </div>
  );
}
