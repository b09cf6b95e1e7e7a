import { PageTitle } from '../../../components/layouts/page-title';
import { SettingsView } from '../../../features/account/components/settings-view';

/** docs/member-portal.md §2 Settings. */
export default function SettingsRoute() {
  return (
    <div className="grid gap-6">
      <PageTitle title="Settings" description="Notifications, appearance, security and privacy." />
      <SettingsView />
    </div>
  );
}
