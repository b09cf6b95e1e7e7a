import { lazy, Suspense, useState } from 'react';
import { initialsOf, USER_MENU_BUTTON_CLASS, type ShellUser } from './user-identity';

export type { ShellUser } from './user-identity';
export { initialsOf } from './user-identity';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

/**
 * The top bar's user menu (docs/member-portal.md §2 Layout): name, member number, e-mail, Profile,
 * Settings and Logout. The button's name starts with the initials it shows, so voice users can say
 * what they see (WCAG 2.5.3, axe label-content-name-mismatch).
 *
 * The menu's code (Radix's menu and its positioning, about 10 KB gzipped) is fetched when the
 * pointer comes near the button or it gets focus, and the menu opens on the first click: a page
 * load where the member never opens it never downloads it (decision 089).
 */
export function UserMenu({ user, onLogout }: { user: ShellUser; onLogout: () => void }) {
  const [wanted, setWanted] = useState(false);
  const label = `${initialsOf(user)}, user menu of ${user.firstName} ${user.lastName}`;
  const placeholder = (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={wanted}
      className={USER_MENU_BUTTON_CLASS}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setWanted(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          setWanted(true);
        }
      }}
    >
      {initialsOf(user)}
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuDropdown user={user} onLogout={onLogout} />
    </Suspense>
  );
}
