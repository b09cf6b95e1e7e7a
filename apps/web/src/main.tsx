import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { authStore } from './lib/auth-store';
import { followDeviceTheme } from './lib/theme';
import './index.css';

// index.html set the first theme; from here on a device switch is followed until the member chooses.
followDeviceTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const app = (
  <StrictMode>
    <AppProvider>
      <AppRoutes />
    </AppProvider>
  </StrictMode>
);

// A prerendered page (the sign-in page, src/prerender.tsx) arrives with its markup for a visitor
// who is not signed in: React takes that markup over where it is what the app would render, and
// renders afresh (replacing it) for a member who already holds a session.
if (container.firstElementChild && !authStore.getState().isAuthenticated) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
