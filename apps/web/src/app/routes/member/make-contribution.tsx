import {
  DEPOSIT_NOTICE_LIST_CONFIG,
  MakeContributionView,
} from '../../../features/deposit-notices/components/make-contribution-view';
import { listRoute } from '../list-route';

/** Quick action Make Contribution (/contributions/new; docs/decisions/042-deposit-notices.md). */
export default listRoute({
  config: DEPOSIT_NOTICE_LIST_CONFIG,
  title: 'Make Contribution',
  description: 'Your payroll deduction, and how to add a voluntary deposit.',
  List: MakeContributionView,
});
