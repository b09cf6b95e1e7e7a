import { useEffect, useSyncExternalStore } from 'react';
import { Toaster, toast } from 'sonner';
import { attachToasts } from '../../lib/toast';

/** The theme lives in the `dark` class on <html> (lib/theme.ts); toasts follow it as it changes. */
function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const pageIsDark = () => document.documentElement.classList.contains('dark');

/**
 * The toast region, loaded with the toast library on the first toast. Bottom right, clear of the
 * top bar's bell and user menu (on phones sonner spans the width at the bottom).
 */
export default function ToasterRegion() {
  const dark = useSyncExternalStore(subscribeToTheme, pageIsDark, () => false);
  // The Toaster below subscribes in its own effect, which runs before this one.
  useEffect(() => attachToasts(toast), []);
  return <Toaster theme={dark ? 'dark' : 'light'} richColors closeButton position="bottom-right" />;
}
