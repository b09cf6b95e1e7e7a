import { TRANSACTION_ACCOUNT_LABELS } from '@coop/shared/account-rules';
import { formatDisplayDate, formatDisplayDateTime } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import {
  STATEMENT_VERIFICATION_MESSAGES as MESSAGES,
  type StatementVerification,
} from '@coop/shared/statement-verification';
import { BadgeCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Form } from '../../../components/form/form';
import { FormFailure } from '../../../components/form/form-failure';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { DataTable, type DataTableColumn } from '../../../components/list/data-table';
import { Input } from '../../../components/ui/input';
import { adminMemberPath } from '../../../config/paths';
import { showSubmitFailure } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useVerifyStatement } from '../api/verify-statement';

type Balance = StatementVerification['accounts'][number];

const balanceColumns: readonly DataTableColumn<Balance>[] = [
  { id: 'account', header: 'Account', cell: (row) => TRANSACTION_ACCOUNT_LABELS[row.account] },
  {
    id: 'opening',
    header: 'Opening balance',
    align: 'end',
    cell: (row) => formatNaira(row.openingBalance),
  },
  {
    id: 'closing',
    header: 'Closing balance',
    align: 'end',
    cell: (row) => formatNaira(row.closingBalance),
  },
];

/** What the cooperative issued with the code, to hold beside the paper. */
function IssuedStatement({ statement }: { statement: StatementVerification }) {
  const headingId = useId();
  const { member } = statement;
  const facts: ReadonlyArray<readonly [string, React.ReactNode]> = [
    [
      'Member',
      <Link
        key="member"
        className="underline underline-offset-4"
        to={adminMemberPath(member.id)}
      >{`${member.firstName} ${member.lastName}`}</Link>,
    ],
    ['Membership ID', member.membershipId],
    [
      'Period',
      `${formatDisplayDate(statement.startDate)} to ${formatDisplayDate(statement.endDate)}`,
    ],
    ['Issued', formatDisplayDateTime(statement.issuedAt)],
    ['Verification code', statement.code],
  ];
  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-4">
      <h2
        id={headingId}
        role="status"
        className="flex items-center gap-2 text-lg font-semibold text-success-soft-foreground"
      >
        <BadgeCheck aria-hidden="true" className="size-5" />
        {MESSAGES.genuine}
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <DataTable
        caption="Balances on the statement"
        columns={balanceColumns}
        rows={statement.accounts}
        getRowId={(row) => row.account}
        getRowLabel={(row) => TRANSACTION_ACCOUNT_LABELS[row.account]}
      />
      <p className="text-sm text-muted-foreground">{MESSAGES.compare}</p>
      <p className="text-sm text-muted-foreground">
        File fingerprint (SHA-256):{' '}
        <span className="font-mono break-all text-foreground">{statement.contentSha256}</span>
      </p>
    </section>
  );
}

type CodeValues = { code: string };
const FIELDS = ['code'] as const;
const resolver = lazyResolver<CodeValues, CodeValues>(() =>
  import('./verify-statement-validation').then((module) => module.verifyStatementResolver),
);

/** The code typed from the paper, then what the cooperative issued with it, or that it issued nothing. */
export function VerifyStatementForm() {
  const id = useId();
  const verify = useVerifyStatement();
  const [issued, setIssued] = useState<StatementVerification | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeValues, unknown, CodeValues>({ resolver, defaultValues: { code: '' } });
  const onSubmit = (values: CodeValues) =>
    verify.mutateAsync(values).then(
      ({ data }) => setIssued(data),
      (error: unknown) =>
        showSubmitFailure(error, setError, FIELDS, 'The code could not be checked'),
    );
  return (
    <div className="grid grid-cols-1 gap-6">
      <Form
        submit={(event) => {
          // A new check hides the last answer, even one the checks then stop.
          setIssued(null);
          return handleSubmit(onSubmit)(event);
        }}
        preload={resolver.preload}
        className="grid grid-cols-1 gap-4 sm:grid-cols-[18rem_auto] sm:items-end"
      >
        <div className="sm:col-span-2">
          <FormFailure message={errors.root?.server?.message} />
        </div>
        <FormField id={`${id}-code`} label={MESSAGES.codeLabel} error={errors.code?.message}>
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX"
            className="font-mono uppercase"
            {...register('code')}
          />
        </FormField>
        <div>
          <SubmitButton isPending={verify.isPending} pendingLabel="Checking...">
            {MESSAGES.submit}
          </SubmitButton>
        </div>
      </Form>
      {issued ? <IssuedStatement statement={issued} /> : null}
    </div>
  );
}
