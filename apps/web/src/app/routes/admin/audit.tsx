import { Download } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { Page } from '../../../components/layouts/page';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../features/back-office/api/download-file';
import { ListFilters } from '../../../components/list/list-filters';
import { AuditList } from '../../../features/back-office/components/audit-view';
import {
  AUDIT_FILTERS,
  AUDIT_LIST_CONFIG,
} from '../../../features/back-office/components/list-configs';
import { failureMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/use-list-params';

export default function AdminAuditRoute() {
  const list = useListParams(AUDIT_LIST_CONFIG);
  const download = () =>
    downloadFile('/admin/audit/export.csv', list.query, 'audit-log.csv').catch((error: unknown) =>
      toast.error('Error', { description: failureMessage(error, 'The download failed') }),
    );
  return (
    <Page
      title="Audit log"
      description="Every sign-in, refusal, administrator action and money movement."
      actions={
        <Button variant="outline" onClick={() => void download()}>
          <Download aria-hidden="true" />
          Download CSV
        </Button>
      }
    >
      <ListFilters
        list={list}
        filters={AUDIT_FILTERS}
        title="Search the audit log"
        description="Filter by actor, action, entity and date."
      />
      <AuditList list={list} />
    </Page>
  );
}
