import { Bell, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Input } from '../ui/input';
import { UserMenu, type ShellUser } from './user-menu';

type TopBarProps = {
  user: ShellUser;
  unreadCount: number | undefined;
  onLogout: () => void;
  /** The button that opens the slide-over below 768 px. */
  menuButton: ReactNode;
};

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export function TopBar({ user, unreadCount, onLogout, menuButton }: TopBarProps) {
  // The count is part of the name, so screen readers hear it with the link.
  const bellLabel =
    unreadCount === undefined ? 'Notifications' : `Notifications, ${unreadCount} unread`;
  return (
    <header className="sticky top-0 z-30 flex h-topbar items-center gap-2 border-b bg-card/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-card/80 sm:px-4 md:px-6">
      {menuButton}
      {/* Spec §2: the search box is shown; what it finds arrives with the loans and
          contributions features (DESIGN §6 "Silent UI behaviours"). */}
      <form
        role="search"
        className="min-w-0 flex-1 md:max-w-md"
        onSubmit={(event) => event.preventDefault()}
      >
        {/* Named apart from the search of a page's own list, which sits beside it. */}
        <label htmlFor="top-bar-search" className="sr-only">
          Search the portal
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="top-bar-search"
            type="search"
            placeholder="Search transactions, loans..."
            className="bg-background pl-9"
          />
        </div>
      </form>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <Link
          to={paths.notifications}
          aria-label={bellLabel}
          className="relative flex size-10 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Bell aria-hidden="true" className="size-5" />
          {unreadCount ? (
            <span
              data-testid="unread-badge"
              aria-hidden="true"
              className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-destructive-foreground"
            >
              {badgeText(unreadCount)}
            </span>
          ) : null}
        </Link>
        <UserMenu user={user} onLogout={onLogout} />
      </div>
    </header>
  );
}
