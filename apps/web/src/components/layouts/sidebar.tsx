import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { Logo } from '../brand/logo';
import { currentNavItem, memberNavigation, type NavItem, type ShellNavigation } from './nav-items';

type SidebarProps = {
  unreadCount: number | undefined;
  onLogout: () => void;
  isLoggingOut: boolean;
  /** Called when a link is followed, so the mobile slide-over can close. */
  onNavigate?: () => void;
  /** The links; the member portal's by default. */
  navigation?: ShellNavigation;
};

function NavList({
  items,
  unreadCount,
  onNavigate,
}: {
  items: readonly NavItem[];
  unreadCount?: number | undefined;
  onNavigate?: (() => void) | undefined;
}) {
  const current = currentNavItem(items, useLocation().pathname);
  return (
    <ul className="grid gap-1">
      {items.map((item) => {
        const { to, label, icon: Icon, count } = item;
        const isActive = item === current;
        // One badge for every count: the notifications' unread, or the item's own.
        const badge =
          to === paths.notifications && unreadCount
            ? { value: unreadCount, noun: 'unread' }
            : count?.value
              ? count
              : null;
        return (
          <li key={to}>
            <Link
              to={to}
              onClick={onNavigate}
              aria-current={isActive ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
                isActive && 'bg-sidebar-accent text-sidebar-accent-foreground',
              )}
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span className="flex-1">{label}</span>
              {badge ? (
                <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                  {badge.value}
                  <span className="sr-only"> {badge.noun}</span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The sidebar's content, used by the fixed desktop sidebar and the mobile slide-over alike. */
export function Sidebar({
  unreadCount,
  onLogout,
  isLoggingOut,
  onNavigate,
  navigation = memberNavigation,
}: SidebarProps) {
  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto px-4 py-5">
      <Link
        to={navigation.home}
        onClick={onNavigate}
        className="rounded-lg px-2 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Logo />
      </Link>
      <nav aria-label={navigation.label} className="grid gap-6">
        <NavList items={navigation.main} onNavigate={onNavigate} />
      </nav>
      <nav aria-label="Account" className="border-t pt-4">
        <NavList items={navigation.secondary} unreadCount={unreadCount} onNavigate={onNavigate} />
      </nav>
      <div className="mt-auto border-t pt-4">
        <button
          type="button"
          onClick={onLogout}
          disabled={isLoggingOut}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-danger-soft hover:text-danger-soft-foreground disabled:opacity-50"
        >
          <LogOut aria-hidden="true" className="size-5" />
          Logout
        </button>
      </div>
    </div>
  );
}
