import { STATEMENT_MESSAGES } from '@coop/shared/account-rules';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { failureMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { downloadDataExport } from '../api/download-data-export';

/** Downloads the member's data export and saves it; a failure is a toast. */
export function useDataExport() {
  return useMutation({
    mutationFn: downloadDataExport,
    onSuccess: (file, format) => saveFile(file, `coop-data.${format}`),
    onError: (error) =>
      toast.error(STATEMENT_MESSAGES.exportFailed, {
        description: failureMessage(error, 'Please try again.'),
      }),
  });
}
