import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';

/** The theme lives in the `dark` class on <html> (lib/theme.ts); toasts follow it as it changes. */
function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const pageIsDark = () => document.documentElement.classList.contains('dark');

/** The app's one toast region, in the page's theme (light or dark). */
export function AppToaster() {
  const dark = useSyncExternalStore(subscribeToTheme, pageIsDark, () => false);
  return <Toaster theme={dark ? 'dark' : 'light'} richColors closeButton position="top-right" />;
}
