/** Who the top bar shows as signed in, and the look of the user-menu button. */
export type ShellUser = {
  firstName: string;
  lastName: string;
  email: string;
  membershipId: string;
};

export const initialsOf = ({ firstName, lastName }: Pick<ShellUser, 'firstName' | 'lastName'>) =>
  `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

export const USER_MENU_BUTTON_CLASS =
  'flex size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
