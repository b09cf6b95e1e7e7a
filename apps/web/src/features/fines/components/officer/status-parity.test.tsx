import type { AdminFine } from '@coop/shared/fines';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useListParams } from '../../../../lib/use-list-params';
import { listAnswer, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import { badgeInRow } from '../../../../testing/status-parity';
import {
  FINE_LIST_CONFIG as MEMBER_FINE_LIST_CONFIG,
  FinesList as MemberFinesList,
} from '../fines-list';
import { FinesQueue } from './fines-queue';
import { FINE_LIST_CONFIG } from './fine-list-config';

configure({ asyncUtilTimeout: 3000 });
afterEach(cleanup);

function MemberFines({ today }: { today: string }) {
  const list = useListParams(MEMBER_FINE_LIST_CONFIG);
  return <MemberFinesList list={list} today={today} />;
}

function OfficerFines() {
  const list = useListParams(FINE_LIST_CONFIG);
  return <FinesQueue list={list} />;
}

const fine = {
  id: '30000000-0000-4000-8000-000000000001',
  reason: 'Absent from the general meeting',
  amount: 2_000,
  fineDate: '2026-11-02',
  dueDate: '2026-12-02',
  status: 'pending' as const,
  waiverNote: null,
};

describe('a pending fine', () => {
  it("reads and looks the same in the member's list and in the officers' list", async () => {
    mockApi({ 'GET /users/fines': () => listAnswer([fine], { limit: 25 }) });
    renderWithProviders(<MemberFines today="2026-11-20" />, { route: '/fines' });
    const member = await badgeInRow(/general meeting/, 'Pending');
    cleanup();

    const row: AdminFine = {
      ...fine,
      member: { id: 'u1', firstName: 'Ada', lastName: 'Obi', membershipId: 'M0001' },
      paidDate: null,
      automatic: false,
    };
    mockApi({ 'GET /admin/fines': () => listAnswer([row], { limit: 25 }) });
    renderWithProviders(<OfficerFines />);
    const officer = await badgeInRow(/general meeting/, 'Pending');

    expect(officer).toEqual(member);
    expect(member).toEqual({ text: 'Pending', tone: 'warning' });
  });
});
