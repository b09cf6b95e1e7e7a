import type { ComponentType, ReactNode } from 'react';
import { Page } from '../../components/layouts/page';
import { useListParams, type ListParams, type ListParamsConfig } from '../../lib/use-list-params';

type ListRouteOptions<SortField extends string> = {
  /** The list's config, exported by its feature beside the list. */
  config: ListParamsConfig<SortField>;
  title: string;
  description: string;
  /** What the page offers beside its title: the fine dialog's button. */
  actions?: ReactNode;
  /** The list, given its state. */
  List: ComponentType<{ list: ListParams<SortField> }>;
};

/**
 * The route of a page that is one list (docs/decisions/128-list-pages-route-owns-state.md): it
 * owns the list's state, kept in the URL, and hands it to the list under the page's title. A page
 * with more (filters of its own, tabs) writes its route out as decision 128's worked example does.
 */
export function listRoute<SortField extends string>({
  config,
  List,
  ...page
}: ListRouteOptions<SortField>) {
  return function ListRoute() {
    const list = useListParams(config);
    return (
      <Page {...page}>
        <List list={list} />
      </Page>
    );
  };
}
