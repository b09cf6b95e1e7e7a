import { formatPhone } from '@coop/shared/phone';
import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import {
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_INSTRUCTION_COLUMNS,
} from '@coop/shared/member-rules';
import type { MemberImportPreview, MemberImportRow } from '@coop/shared/members';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../../lib/toast';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { SubmitButton } from '../../../../components/form/submit-button';
import { Badge } from '../../../../components/ui/badge';
import { paths } from '../../../../config/paths';
import { useImportMembers } from '../../api/import-members';
import { usePreviewMemberImport } from '../../api/preview-member-import';
import { JobStatus } from '../../../../components/job-progress';
import { CsvFilePicker, CsvProblems } from '../../../../components/form/csv-file-picker';

const columns: readonly DataTableColumn<MemberImportRow>[] = [
  { id: 'line', header: 'Line', cell: (row) => row.line },
  { id: 'name', header: 'Name', cell: (row) => `${row.firstName} ${row.lastName}` },
  { id: 'email', header: 'Email', cell: (row) => <span className="break-all">{row.email}</span> },
  {
    id: 'phone',
    header: 'Phone',
    cell: (row) => (row.phoneNumber ? formatPhone(row.phoneNumber) : ''),
  },
  { id: 'membershipId', header: 'Membership ID', cell: (row) => row.membershipId ?? 'Next free' },
  {
    id: 'check',
    header: 'Check',
    cell: (row) =>
      row.errors.length === 0 ? (
        <Badge variant="success">Ready</Badge>
      ) : (
        <ul className="grid gap-1 text-sm whitespace-normal text-destructive">
          {row.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ),
  },
];

/** Upload, preview every row, then import all in one go (or fix the file and upload it again). */
export function ImportMembersView() {
  const [state, setState] = useState<{
    upload: CsvUploadInput;
    preview: MemberImportPreview;
    idempotencyKey: string;
  } | null>(null);
  const previewMemberImport = usePreviewMemberImport();
  const importMembers = useImportMembers();
  const navigate = useNavigate();
  const choose = async (upload: CsvUploadInput) => {
    const { data } = await previewMemberImport.mutateAsync(upload);
    importMembers.reset();
    setState({ upload, preview: data, idempotencyKey: crypto.randomUUID() });
  };
  const preview = state?.preview;
  const canImport =
    preview !== undefined &&
    preview.errors.length === 0 &&
    preview.invalidRows === 0 &&
    preview.validRows > 0;
  return (
    <div className="grid grid-cols-1 gap-6">
      <CsvFilePicker
        label="Members file"
        headers={[{ columns: MEMBER_IMPORT_COLUMNS, optional: MEMBER_IMPORT_INSTRUCTION_COLUMNS }]}
        onChosen={choose}
      />
      {preview ? (
        <section aria-labelledby="preview-heading" className="grid grid-cols-1 gap-4">
          <h2 id="preview-heading" className="text-lg font-semibold">
            Preview of {preview.fileName}
          </h2>
          <p aria-live="polite">
            {preview.validRows} ready, {preview.invalidRows} with problems.
            {canImport
              ? ' Nothing has been written yet.'
              : ' Fix the file and upload it again: nothing is imported while a row has a problem.'}
          </p>
          <CsvProblems title="The file was refused" problems={preview.errors} />
          {preview.rows.length > 0 ? (
            <DataTable
              caption="Rows to import"
              columns={columns}
              rows={preview.rows}
              getRowId={(row) => String(row.line)}
              getRowLabel={(row) => `Line ${row.line}`}
            />
          ) : null}
          <JobStatus
            run={importMembers}
            failure="The import failed"
            doing="Importing"
            unit="members"
          />
          <div>
            <SubmitButton
              disabled={!canImport}
              isPending={importMembers.isPending}
              pendingLabel="Importing..."
              onClick={() =>
                state &&
                void importMembers
                  .mutateAsync({ upload: state.upload, idempotencyKey: state.idempotencyKey })
                  .then(
                    ({ message }) => {
                      toast.success(message ?? 'Members imported');
                      void navigate(paths.adminMembers);
                    },
                    // The failure is the mutation's own state, shown by the job status above.
                    () => undefined,
                  )
              }
            >
              Import {preview.validRows} member{preview.validRows === 1 ? '' : 's'}
            </SubmitButton>
          </div>
        </section>
      ) : null}
    </div>
  );
}
