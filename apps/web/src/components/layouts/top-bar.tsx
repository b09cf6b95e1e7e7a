import { Bell, Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { Input } from '../ui/input';
import type { TopBarSearchTarget } from './nav-items';
import { UserMenu, type ShellUser } from './user-menu';

type TopBarProps = {
  user: ShellUser;
  unreadCount: number | undefined;
  onLogout: () => void;
  /** The button that opens the slide-over below 768 px; none from 768 px up. */
  menuButton: ReactNode;
  /** Where the search leads: the member's /search, or the back office's. */
  searchTarget: TopBarSearchTarget;
};

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The top bar's search (docs/business-rules.md "What the screens do without being asked"): Enter
 * opens the search page with the term: /search, the member's loans and transactions; in the back
 * office /admin/search, the cooperative's members and loans. On that page the box keeps the term,
 * so it can be refined.
 */
function useTopBarSearch(target: string) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === target ? (params.get('q') ?? '') : '';
  const [term, setTerm] = useState(current);
  // Leaving /search, or a new term in its URL, resets the box (state adjusted while rendering).
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setTerm(current);
  }
  const submit = () => {
    const q = term.trim();
    void navigate(q === '' ? target : `${target}?${new URLSearchParams({ q }).toString()}`);
  };
  return { term, setTerm, submit };
}

export function TopBar({ user, unreadCount, onLogout, menuButton, searchTarget }: TopBarProps) {
  // The count is part of the name, so screen readers hear it with the link.
  const search = useTopBarSearch(searchTarget.path);
  const bellLabel =
    unreadCount === undefined ? 'Notifications' : `Notifications, ${unreadCount} unread`;
  return (
    <header className="sticky top-0 z-30 flex h-topbar items-center gap-2 border-b bg-card/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-card/80 sm:px-4 md:px-6">
      {menuButton}
      <form
        role="search"
        className="min-w-0 flex-1 md:max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
      >
        {/* Named apart from the search of a page's own list, which sits beside it. */}
        <label htmlFor="top-bar-search" className="sr-only">
          Search the portal
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground sm:left-3"
          />
          <Input
            id="top-bar-search"
            type="search"
            placeholder={searchTarget.placeholder}
            enterKeyHint="search"
            value={search.term}
            onChange={(event) => search.setTerm(event.target.value)}
            // The spec's placeholder whole on a 390 px phone: a smaller placeholder and tighter
            // padding there (typed text stays 16 px, so phones do not zoom into the field).
            className="bg-background pr-2 pl-8 placeholder:text-xs sm:pr-3 sm:pl-9 sm:placeholder:text-sm"
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
