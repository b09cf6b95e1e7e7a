import { CSV_MESSAGES, CSV_UPLOAD_MAX_BYTES } from '@coop/shared/csv-upload-rules';
import type { CsvRowError, CsvUploadInput } from '@coop/shared/csv-uploads';
import { FileUp } from 'lucide-react';
import { Fragment, useId, useState, type ChangeEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Spinner } from '../ui/spinner';
import { failureMessage } from '../../lib/api-client';
import { toCsvUpload } from '../../lib/csv-upload';

type CsvFilePickerProps = {
  label: string;
  columns: readonly string[];
  /** Columns a file may add after the required ones. */
  optionalColumns?: readonly string[];
  /** Reads the chosen file and asks the API for its preview. */
  onChosen: (upload: CsvUploadInput) => Promise<void>;
};

/** Choose a CSV file: refused at once above 10 MB, otherwise previewed by the server. */
export function CsvFilePicker({
  label,
  columns,
  optionalColumns = [],
  onChosen,
}: CsvFilePickerProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > CSV_UPLOAD_MAX_BYTES) {
      setError(CSV_MESSAGES.tooLarge);
      return;
    }
    setBusy(true);
    try {
      await onChosen(await toCsvUpload(file));
    } catch (err) {
      setError(failureMessage(err, 'The file could not be checked'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-3 rounded-xl border bg-card p-4">
      <Label htmlFor={id} className="flex items-center gap-2">
        <FileUp aria-hidden="true" className="size-5" />
        {label}
      </Label>
      <Input
        id={id}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => void choose(event)}
        disabled={busy}
        aria-describedby={`${id}-columns`}
      />
      <p id={`${id}-columns`} className="text-sm text-muted-foreground">
        UTF-8 CSV, at most 10 MB, with the header <ColumnList columns={columns} />
        {optionalColumns.length > 0 ? (
          <>
            {' '}
            (optionally followed by <ColumnList columns={optionalColumns} />)
          </>
        ) : null}
      </p>
      {busy ? <Spinner label="Checking the file" /> : null}
      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/** Column names as typed in the header; a narrow screen wraps after a comma, never inside a name. */
function ColumnList({ columns }: { columns: readonly string[] }) {
  return (
    <code>
      {columns.map((column, index) => (
        <Fragment key={column}>
          {index > 0 ? (
            <>
              ,<wbr />
            </>
          ) : null}
          {column}
        </Fragment>
      ))}
    </code>
  );
}

/** The problems of a refused file, line by line. */
export function CsvProblems({
  title,
  problems,
}: {
  title: string;
  problems: readonly CsvRowError[];
}) {
  if (problems.length === 0) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <ul className="mt-1 list-disc pl-5">
          {problems.map((problem, index) => (
            <li key={index}>
              {problem.line > 0 ? `Line ${problem.line}: ` : ''}
              {problem.message}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
