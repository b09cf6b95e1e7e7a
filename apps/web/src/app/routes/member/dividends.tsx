import {
  DIVIDEND_LIST_CONFIG,
  DividendsList,
} from '../../../features/dividends/components/dividends-list';
import { listRoute } from '../list-route';

/**
 * docs/member-portal.md §2 Dividends; the sort and page live in the URL, owned here
 * (docs/decisions/128-list-pages-route-owns-state.md).
 */
export default listRoute({
  config: DIVIDEND_LIST_CONFIG,
  title: 'Dividends',
  description: 'Dividends declared on your share holding.',
  List: DividendsList,
});
