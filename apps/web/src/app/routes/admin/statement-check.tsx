import { STATEMENT_VERIFICATION_MESSAGES } from '@coop/shared/statement-verification';
import { Page } from '../../../components/layouts/page';
import { VerifyStatementForm } from '../../../features/back-office/components/verify-statement-form';

/**
 * Checking a member's statement (docs/administrators.md "Checking a member's statement"): the
 * code at the foot of a PDF statement's pages, against what the cooperative recorded issuing.
 */
export default function AdminStatementCheckRoute() {
  return (
    <Page
      title={STATEMENT_VERIFICATION_MESSAGES.title}
      description={STATEMENT_VERIFICATION_MESSAGES.intro}
    >
      <VerifyStatementForm />
    </Page>
  );
}
