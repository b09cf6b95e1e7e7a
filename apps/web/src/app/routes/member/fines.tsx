import { PageTitle } from '../../../components/layouts/page-title';
import { FinesList } from '../../../features/fines/components/fines-list';

/** Spec §2 Fines; the status and page live in the URL. */
export default function FinesRoute() {
  return (
    <div className="grid gap-6">
      <PageTitle title="Fines" description="Fines issued to you, and whether they are settled." />
      <FinesList />
    </div>
  );
}
