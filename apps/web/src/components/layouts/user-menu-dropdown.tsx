import { LogOut, Settings, User } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { initialsOf, USER_MENU_BUTTON_CLASS, type ShellUser } from './user-identity';

/**
 * The user menu itself (user-menu.tsx shows its button until it is first opened): name, member
 * number, e-mail, Profile, Settings and Logout, with the button's name as the placeholder's.
 */
export default function UserMenuDropdown({
  user,
  onLogout,
}: {
  user: ShellUser;
  onLogout: () => void;
}) {
  // Mounted when the member first opens the menu (user-menu.tsx), so it opens at once.
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links stay
    // focusable (axe aria-hidden-focus, serious). Focus still moves into the menu, Escape and a
    // click outside close it.
    <DropdownMenu defaultOpen modal={false}>
      <DropdownMenuTrigger
        aria-label={`${initialsOf(user)}, user menu of ${user.firstName} ${user.lastName}`}
        className={USER_MENU_BUTTON_CLASS}
      >
        {initialsOf(user)}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="font-semibold">
            {user.firstName} {user.lastName}
          </span>
          <span className="text-xs text-muted-foreground">Member #{user.membershipId}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile}>
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.settings}>
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
