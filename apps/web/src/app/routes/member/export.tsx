import { STATEMENT_MESSAGES } from '@coop/shared/account-rules';
import { PageTitle } from '../../../components/layouts/page-title';
import { ExportView } from '../../../features/account/components/export-view';

/** /profile/export: the member's data export. */
export default function ExportRoute() {
  return (
    <div className="grid gap-6">
      <PageTitle title={STATEMENT_MESSAGES.exportTitle} />
      <ExportView />
    </div>
  );
}
