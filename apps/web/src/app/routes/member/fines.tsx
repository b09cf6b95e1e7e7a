import { FINE_LIST_CONFIG, FinesList } from '../../../features/fines/components/fines-list';
import { listRoute } from '../list-route';

/**
 * docs/member-portal.md §2 Fines; the status and page live in the URL, owned here
 * (docs/decisions/128-list-pages-route-owns-state.md).
 */
export default listRoute({
  config: FINE_LIST_CONFIG,
  title: 'Fines',
  description: 'Fines issued to you, and whether they are settled.',
  List: FinesList,
});
