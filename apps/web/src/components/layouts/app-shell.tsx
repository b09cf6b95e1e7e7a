import { Menu } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useIsDesktop } from '../../lib/viewport';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '../ui/sheet';
import { OfflineBanner } from './offline-banner';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import type { ShellUser } from './user-menu';
import { memberNavigation, type ShellNavigation } from './nav-items';

type AppShellProps = {
  user: ShellUser;
  unreadCount: number | undefined;
  onLogout: () => void;
  isLoggingOut: boolean;
  /** The sidebar's links; the member portal's by default. */
  navigation?: ShellNavigation;
  children: ReactNode;
};

/**
 * Focuses the page's main heading as soon as the page shows it (pages load lazily, so it may come
 * a moment later); falls back to the main region if no heading arrives. Returns a cleanup.
 *
 * A member who moves focus while the page loads (opens the user menu, types in the search) keeps
 * it: the heading takes focus only from the main region or from nowhere. Taken from an open menu,
 * the focus would close it under the member's pointer.
 */
function focusHeadingWhenShown(main: HTMLElement): () => void {
  const focusHeading = () => {
    const heading = main.querySelector('h1');
    if (!heading) return false;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  if (focusHeading()) return () => undefined;
  main.focus({ preventScroll: true });
  const focusUnclaimed = () => {
    const focused = document.activeElement;
    return focused === null || focused === document.body || focused === main;
  };
  const observer = new MutationObserver(() => {
    if (!focusUnclaimed() || focusHeading()) observer.disconnect();
  });
  observer.observe(main, { childList: true, subtree: true });
  const giveUp = setTimeout(() => observer.disconnect(), 10_000);
  return () => {
    observer.disconnect();
    clearTimeout(giveUp);
  };
}

/**
 * The signed-in layout of docs/member-portal.md §2: a 256 px sidebar from 768 px up; below that a
 * 320 px slide-over opened by the top bar's menu button (a modal dialog: focus stays inside, Escape
 * closes it and focus returns to the button). Only the one for the window's width is rendered
 * (docs/decisions/158-one-layout-per-viewport.md): a phone's page has no hidden sidebar and no menu
 * button above 768 px.
 */
export function AppShell({
  user,
  unreadCount,
  onLogout,
  isLoggingOut,
  navigation,
  children,
}: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const followedLink = useRef(false);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  // After a page change, start at the top and put screen readers and the keyboard at the new
  // page's heading, as a full page load would. The same on arrival when nothing has focus, which
  // is where signing in leaves a member (the form that had it is gone).
  useEffect(() => {
    const main = mainRef.current;
    if (!main) return;
    const changed = pathname !== firstPath.current;
    firstPath.current = pathname;
    if (changed) window.scrollTo(0, 0);
    else if (document.activeElement !== document.body && document.activeElement !== null) return;
    return focusHeadingWhenShown(main);
  }, [pathname]);

  // The slide-over is for narrow screens only; widening the window puts the sidebar in its place
  // (and narrowing it again does not reopen the slide-over).
  const desktop = useIsDesktop();
  if (desktop && menuOpen) setMenuOpen(false);

  const sidebarProps = {
    unreadCount,
    onLogout,
    isLoggingOut,
    ...(navigation ? { navigation } : {}),
  };

  return (
    <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>

      {/* Rendered only while open, which only the phone's menu button does. */}
      <SheetContent
        aria-describedby={undefined}
        closeLabel="Close navigation menu"
        onCloseAutoFocus={(event) => {
          // Following a link opens another page: focus goes to its content, not the menu button.
          if (followedLink.current) {
            event.preventDefault();
            followedLink.current = false;
          }
        }}
      >
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <Sidebar
          {...sidebarProps}
          onNavigate={() => {
            followedLink.current = true;
            setMenuOpen(false);
          }}
        />
      </SheetContent>

      <div className="flex min-h-dvh">
        {/* The column runs the page's full height with the sidebar's background; the sidebar
            itself stays in view while the page scrolls. */}
        {desktop ? (
          <div className="w-sidebar shrink-0 border-r bg-sidebar text-sidebar-foreground">
            <aside className="sticky top-0 h-dvh">
              <Sidebar {...sidebarProps} />
            </aside>
          </div>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar
            user={user}
            searchTarget={(navigation ?? memberNavigation).search}
            unreadCount={unreadCount}
            onLogout={onLogout}
            menuButton={
              desktop ? null : (
                <SheetTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label="Open navigation menu">
                    <Menu aria-hidden="true" className="size-5" />
                  </Button>
                </SheetTrigger>
              )
            }
          />
          <OfflineBanner />
          <main
            id="main-content"
            ref={mainRef}
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8"
          >
            {children}
          </main>
        </div>
      </div>
    </Sheet>
  );
}
