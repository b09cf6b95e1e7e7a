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

/** A header a file may have: its columns, then those it may add after them. */
export type CsvHeader = { columns: readonly string[]; optional?: readonly string[] };

type CsvFilePickerProps = {
  label: string;
  /** The headers the server reads; a file has one of them. */
  headers: readonly CsvHeader[];
  /** Reads the chosen file and asks the API for its preview. */
  onChosen: (upload: CsvUploadInput) => Promise<void>;
};

/** Choose a CSV file: refused at once above 10 MB, otherwise previewed by the server. */
export function CsvFilePicker({ label, headers, onChosen }: CsvFilePickerProps) {
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
      <div id={`${id}-columns`} className="text-sm text-muted-foreground">
        {headers.length === 1 ? (
          <p>
            UTF-8 CSV, at most 10 MB, with the header <HeaderText header={headers[0]!} />
          </p>
        ) : (
          <>
            <p>UTF-8 CSV, at most 10 MB, with one of these headers:</p>
            <ul className="mt-1 grid list-disc gap-1 pl-5">
              {headers.map((header) => (
                <li key={header.columns.join(',')}>
                  <HeaderText header={header} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {busy ? <Spinner label="Checking the file" /> : null}
      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/** A header's columns, and those it may add: 'a,b (optionally followed by c)'. */
function HeaderText({ header }: { header: CsvHeader }) {
  const optional = header.optional ?? [];
  return (
    <>
      <ColumnList columns={header.columns} />
      {optional.length > 0 ? (
        <>
          {' '}
          (optionally followed by <ColumnList columns={optional} />)
        </>
      ) : null}
    </>
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
