import { Braces, FileSpreadsheet } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { useDataExport } from './use-data-export';

const SECTIONS = [
  'Your profile and settings',
  'Balances and every transaction on your accounts',
  'Contributions, withdrawals, dividends and fines',
  'Loans with their schedules and repayments, and guarantees',
  'Your notifications',
];

/** /profile/export: everything the portal holds about the member, as JSON or CSV. */
export function ExportView() {
  const exportData = useDataExport();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Download your data
        </CardTitle>
        <CardDescription>
          One file with everything the portal holds about you, and nothing about anyone else.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 pt-4">
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          {SECTIONS.map((section) => (
            <li key={section}>{section}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button disabled={exportData.isPending} onClick={() => exportData.mutate('json')}>
            <Braces aria-hidden="true" />
            Download JSON
          </Button>
          <Button
            variant="outline"
            disabled={exportData.isPending}
            onClick={() => exportData.mutate('csv')}
          >
            <FileSpreadsheet aria-hidden="true" />
            Download CSV
          </Button>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {exportData.isPending
            ? 'Preparing your file...'
            : 'JSON keeps the structure; CSV opens in a spreadsheet.'}
        </p>
      </CardContent>
    </Card>
  );
}
