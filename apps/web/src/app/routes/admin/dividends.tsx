import { PageTitle } from '../../../components/layouts/page-title';
import { DeclareDividendForm } from '../../../features/dividends/components/officer/declare-dividend-form';
import { DividendDeclarations } from '../../../features/dividends/components/officer/dividends-view';

export default function AdminDividendsRoute() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <PageTitle
        title="Dividends"
        description="Declare a year's dividend on share holding, check it member by member, then pay it into members' savings."
      />
      <DeclareDividendForm />
      <DividendDeclarations />
    </div>
  );
}
