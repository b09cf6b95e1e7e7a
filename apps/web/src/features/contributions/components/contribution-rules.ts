import type { Contribution } from '@coop/shared/contributions';

/*
 * Spec §4's two rules about what a member may do with a row. `@coop/shared/contributions` has
 * them too, but importing anything from that module runs its zod schemas, and member pages must
 * not download zod (bench/README.md). These are the same two rules; the page's tests pin them.
 */

/** Only pending contributions can be selected (and so confirmed). */
export function isSelectableContribution(contribution: Pick<Contribution, 'status'>): boolean {
  return contribution.status === 'pending';
}

/** A dispute needs a confirmed row that was never disputed nor resolved before. */
export function canDisputeContribution(
  contribution: Pick<Contribution, 'status' | 'disputeDate' | 'disputeResolvedBy'>,
): boolean {
  return (
    contribution.status === 'confirmed' &&
    contribution.disputeDate === null &&
    contribution.disputeResolvedBy === null
  );
}
