/**
 * The light and dark themes (docs/decisions/051-account-pages.md). The member's choice lives on
 * the server (settings.darkMode: true, false, or null = follow the device) and, for the first
 * paint, in localStorage under THEME_STORAGE_KEY, which the script in index.html reads before
 * anything renders. This module keeps the two in step and the `dark` class on <html> right.
 */

/** Read by the inline script in index.html: change both together. */
export const THEME_STORAGE_KEY = 'coop-theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function deviceIsDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

/** The member's stored choice: true (dark), false (light) or null (the device decides). */
export function storedDarkMode(): boolean | null {
  try {
    const choice = localStorage.getItem(THEME_STORAGE_KEY);
    return choice === 'dark' ? true : choice === 'light' ? false : null;
  } catch {
    return null;
  }
}

/** Whether the page shows the dark theme for this choice. */
export function isDarkFor(darkMode: boolean | null): boolean {
  return darkMode ?? deviceIsDark();
}

/** Remembers the choice for the next first paint and switches the theme now. */
export function applyDarkMode(darkMode: boolean | null): void {
  try {
    if (darkMode === null) localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, darkMode ? 'dark' : 'light');
  } catch {
    // Private browsing without storage: the theme still switches for this page.
  }
  document.documentElement.classList.toggle('dark', isDarkFor(darkMode));
}

/**
 * While the member has not chosen, the theme follows the device as it changes (a phone switching
 * to its night theme at sunset). Returns the unsubscribe function.
 */
export function followDeviceTheme(): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(DARK_QUERY);
  const onChange = () => {
    if (storedDarkMode() === null) document.documentElement.classList.toggle('dark', query.matches);
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
