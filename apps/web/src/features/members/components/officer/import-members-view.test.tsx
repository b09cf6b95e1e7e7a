import type { OfficerJob } from '@coop/shared/jobs';
import type { MemberImportPreview } from '@coop/shared/members';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../../testing/fetch-mock';
import { LocationProbe, renderRoutes } from '../../../../testing/render';
import { findToast, withToaster } from '../../../../testing/toasts';
import {
  csvFile as csvFileOf,
  jobStarted,
  jobStates,
  officerJob,
} from '../../../../testing/officer-jobs';
import { ImportMembersView } from './import-members-view';

const PREVIEW: MemberImportPreview = {
  fileName: 'new-members.csv',
  errors: [],
  validRows: 2,
  invalidRows: 0,
  rows: [
    {
      line: 2,
      firstName: 'Kemi',
      lastName: 'Balogun',
      email: 'kemi@example.com',
      phoneNumber: null,
      membershipId: null,
      joinedOn: null,
      errors: [],
    },
    {
      line: 3,
      firstName: 'Obi',
      lastName: 'Nwosu',
      email: 'obi@example.com',
      phoneNumber: null,
      membershipId: null,
      joinedOn: null,
      errors: [],
    },
  ],
};

const csvFile = (text: string) => csvFileOf(text, 'new-members.csv');

const JOB_ID = '0b6e2a41-7c3d-4f5e-9a8b-2c1d0e9f8a7b';

const job = (fields: Partial<OfficerJob>) => officerJob(JOB_ID, 'members.import', fields);

const IMPORTED = '2 members imported. Their activation e-mails are on their way.';

const renderPage = () =>
  renderRoutes(
    <Route element={withToaster(<Outlet />)}>
      <Route path="/" element={<ImportMembersView />} />
      <Route path="/admin/members" element={<LocationProbe />} />
    </Route>,
  );

async function chooseFile() {
  await userEvent.upload(
    screen.getByLabelText('Members file'),
    csvFile('firstName,lastName,email\nKemi,Balogun,kemi@example.com\nObi,Nwosu,obi@example.com\n'),
  );
  return screen.findByRole('button', { name: 'Import 2 members' });
}

describe('Import members page', () => {
  it('shows the import’s progress while its job runs, then the outcome and the members list', async () => {
    const api = mockApi({
      'POST /admin/users/import/preview': () => json(200, { success: true, data: PREVIEW }),
      'POST /admin/users/import': () => jobStarted(job({ state: 'queued' })),
      // The job as the status endpoint tells it: running (1 of 2), then succeeded.
      [`GET /admin/jobs/${JOB_ID}`]: jobStates(
        job({ state: 'running', done: 1 }),
        job({
          state: 'succeeded',
          done: 2,
          result: { imported: 2, members: [] },
          message: IMPORTED,
        }),
      ),
    });
    renderPage();
    await userEvent.click(await chooseFile());

    expect(await screen.findByText('Importing… 1 of 2 members')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Importing progress' })).toHaveAttribute(
      'value',
      '1',
    );
    expect(screen.getByRole('button', { name: /Importing/ })).toBeDisabled();
    // The outcome, in a toast once the job has succeeded (the status is polled, hence the wait).
    await findToast(IMPORTED, undefined, { timeout: 5_000 });
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/members');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(api.callsTo('POST /admin/users/import')).toHaveLength(1);
  }, 20_000);

  it('says why an import job failed, and how far it got', async () => {
    const failure =
      '1 of 2 members were imported before the import stopped. The file was not imported: 1 problem to fix';
    mockApi({
      'POST /admin/users/import/preview': () => json(200, { success: true, data: PREVIEW }),
      'POST /admin/users/import': () => jobStarted(job({ state: 'queued' })),
      [`GET /admin/jobs/${JOB_ID}`]: jobStates(
        job({
          state: 'failed',
          done: 1,
          error: { code: 'CSV_REJECTED', message: failure, details: [] },
        }),
      ),
    });
    renderPage();
    await userEvent.click(await chooseFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(failure);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 members' })).toBeEnabled();
  });
});
