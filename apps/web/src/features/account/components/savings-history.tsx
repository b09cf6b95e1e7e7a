import { NEXT_UP_MESSAGES } from '@coop/shared/dashboard-rules';
import { RecordState } from '../../../components/list/record-state';
import { SavingsChart } from '../../../components/savings-chart';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useSavingsHistory } from '../api/get-savings-history';

/**
 * The statement page's chart of savings and share holding by month, the dashboard's chart over
 * the same months (docs/business-rules.md "What's next"), with its table for screen readers.
 */
export function SavingsHistory() {
  const history = useSavingsHistory();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {NEXT_UP_MESSAGES.chartTitle}
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-4">
        <RecordState
          query={history}
          failure="Failed to load your savings over time"
          loadingLabel="Loading your savings over time"
        >
          {(answer) => <SavingsChart months={answer.data} />}
        </RecordState>
      </CardContent>
    </Card>
  );
}
