import type { GuarantorCandidate, GuarantorRequest } from '@coop/shared/guarantors';
import type { Eligibility, Loan, LoanGuarantor } from '@coop/shared/loans';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { AppToaster } from '../../../components/ui/toaster';
import { json, listAnswer, mockApi, type MockRequest } from '../../../testing/fetch-mock';
import { LocationProbe, renderRoutes } from '../../../testing/render';
import { useListParams } from '../../../lib/use-list-params';
import { GUARANTOR_REQUEST_LIST_CONFIG, MY_LOAN_LIST_CONFIG } from './loan-list-config';
import { LoansPage, type LoansPageProps } from './loans-page';
// The page fetches these when asked for (a tab, the wizard, the reassign dialog); loaded here with
// the test file, so a test's time is not spent compiling them on a loaded machine.
import './calculator-tab';
import './guarantor-requests-tab';
import './loan-review-tab';
import './reassign-dialog';
import './request-loan-wizard';

/** The loans page against a mocked API, with its loans and guarantees (the loans page tests share it). */

const USER = { id: '00000000-0000-4000-8000-0000000000aa', email: 'yetunde@demo.coop' };

export const ELIGIBILITY: Eligibility = {
  isEligible: true,
  maxLoanAmount: 400_000,
  reason: null,
  reasons: [],
};

let seq = 0;
export function guarantor(
  firstName: string,
  status: LoanGuarantor['status'],
  isReplacement = false,
): LoanGuarantor {
  seq += 1;
  const id = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  const person = {
    firstName,
    lastName: 'Musa',
    email: `${firstName.toLowerCase()}@demo.coop`,
    membershipId: `M00${seq}`,
  };
  return {
    ...person,
    id,
    _id: id,
    guarantorUserId: { ...person, id: `${id.slice(0, -2)}ff`, _id: `${id.slice(0, -2)}ff` },
    guaranteeAmount: 25_000,
    status,
    responseDate: null,
    invitationDate: '2026-11-20T09:00:00.000Z',
    isReplacement,
  };
}

/** A loan's path before anything happened to it (docs/business-rules.md "A loan's timeline"). */
export const NO_PROGRESS: Loan['progress'] = {
  certificationsRequired: 2,
  certifications: [],
  underReviewAt: null,
  decidedAt: null,
  rejectionReason: null,
  disbursementRequestedAt: null,
  disbursedAt: null,
  repaidAt: null,
  instalmentsPaid: 0,
  instalmentsTotal: 0,
  nextInstalment: null,
};

export function loan(
  loanId: string,
  purpose: string,
  status: Loan['status'],
  guarantors: LoanGuarantor[],
) {
  return {
    id: `10000000-0000-4000-8000-${loanId.replace(/\D/g, '').padStart(12, '0')}`,
    loanId,
    purpose,
    requestedAmount: 50_000,
    approvedAmount: null,
    repaymentTermMonths: 6,
    interestRate: 5,
    monthlyPayment: 8_750,
    totalRepayment: 52_500,
    outstandingBalance: 0,
    status,
    requestDate: '2026-11-20T09:00:00.000Z',
    guarantors,
    repaymentSchedule: {
      scheduleItems: [],
      totalRepaymentAmount: 52_500,
      monthlyPaymentAmount: 8_750,
    },
    repaymentRecords: [],
    progress: NO_PROGRESS,
  } satisfies Loan;
}

/** One page of a list holding `data`, as the API answers it. */
export const page = <T,>(data: T[]) => listAnswer(data);

export const CANDIDATE: GuarantorCandidate = {
  id: '00000000-0000-4000-8000-0000000000ee',
  _id: '00000000-0000-4000-8000-0000000000ee',
  firstName: 'Ebiere',
  lastName: 'Tamuno',
  email: 'ebiere@demo.coop',
  membershipId: 'M0021',
  isExco: false,
};

export function server(loans: Loan[], guarantees: GuarantorRequest[] = []) {
  return mockApi({
    'GET /users/loans/eligibility': () => json(200, { success: true, data: ELIGIBILITY }),
    'GET /users/loans': (request: MockRequest) => {
      const status = request.query.get('status');
      const search = request.query.get('search')?.toLowerCase();
      return listAnswer(
        loans.filter(
          (l) =>
            (!status || l.status === status) &&
            (!search || l.purpose.toLowerCase().includes(search)),
        ),
      );
    },
    'GET /users/guarantees': () =>
      listAnswer(guarantees, { summary: { availableSavings: 500_000 } }),
    'GET /users/guarantor-candidates': () => listAnswer([CANDIDATE]),
    'POST /users/guarantees/00000000-0000-4000-8000-000000000002/reassign': () =>
      json(200, {
        success: true,
        data: guarantor('Ebiere', 'pending', true),
        message: 'Guarantor reassigned successfully',
      }),
  });
}

/** What the loans route does: it owns the two tabs' list state (docs/decisions/128). */
function LoansPageWithLists(props: Omit<LoansPageProps, 'lists'>) {
  const myLoans = useListParams(MY_LOAN_LIST_CONFIG);
  const guarantorRequests = useListParams(GUARANTOR_REQUEST_LIST_CONFIG);
  return <LoansPage {...props} lists={{ myLoans, guarantorRequests }} />;
}

export const renderLoans = (route = '/loans', intent?: LoansPageProps['intent']) =>
  renderRoutes(
    <>
      {['/loans', '/guarantees/invite', '/loans/new'].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <>
              <LoansPageWithLists
                user={{ ...USER, isLoanReviewer: false }}
                {...(intent && path !== '/loans' ? { intent } : {})}
              />
              <LocationProbe />
              <AppToaster />
            </>
          }
        />
      ))}
    </>,
    { route },
  );

export const location = () => screen.getByTestId('location').textContent;

export function fixtures() {
  seq = 0;
  const accepted = guarantor('Obinna', 'accepted');
  const declined = guarantor('Hadiza', 'rejected');
  const declinedAgain = guarantor('Kemi', 'rejected', true);
  return {
    pending: loan('LN-000031', 'Market stall and first stock', 'pending', [accepted, declined]),
    secondTry: loan('LN-000032', 'Fishing nets for the season', 'pending', [
      guarantor('Obinna', 'accepted'),
      declinedAgain,
    ]),
    repaid: loan('LN-000011', 'School fees for the new term', 'repaid', [
      guarantor('Ada', 'accepted'),
    ]),
  };
}
