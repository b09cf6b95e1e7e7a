import {
  Download,
  FileText,
  HandCoins,
  Landmark,
  PiggyBank,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * Spec §2 Quick Actions and their targets. Request Loan and Invite Guarantor open the loans page
 * until the loans issue gives them their own flows.
 */
export const QUICK_ACTIONS: ReadonlyArray<{ label: string; to: string; icon: LucideIcon }> = [
  { label: 'Make Contribution', to: '/contributions/new', icon: PiggyBank },
  { label: 'Request Loan', to: '/loans', icon: Landmark },
  { label: 'Withdrawal Request', to: '/withdrawals/new', icon: HandCoins },
  { label: 'Invite Guarantor', to: '/loans', icon: UserPlus },
  { label: 'Generate Statement', to: '/reports/statement', icon: FileText },
  { label: 'Export Data', to: '/profile/export', icon: Download },
];

export default function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
            <li key={label}>
              <Link
                to={to}
                className="flex h-full min-h-20 flex-col items-center justify-center gap-2 rounded-lg border p-3 text-center text-sm font-medium transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <Icon aria-hidden="true" className="size-5 text-primary" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
