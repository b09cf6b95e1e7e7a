import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ACCESS_TOKEN_STORAGE_KEY } from '../config/app';
import { authStore } from '../lib/auth-store';

/** App-wide wiring: the router, and keeping the session in step with the other open tabs. */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    const followOtherTabs = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_STORAGE_KEY) authStore.storedTokenChanged(event.newValue);
    };
    window.addEventListener('storage', followOtherTabs);
    return () => window.removeEventListener('storage', followOtherTabs);
  }, []);

  return <BrowserRouter>{children}</BrowserRouter>;
}
