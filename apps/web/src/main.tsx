import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { followDeviceTheme } from './lib/theme';
import './index.css';

// index.html set the first theme; from here on a device switch is followed until the member chooses.
followDeviceTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRoutes />
    </AppProvider>
  </StrictMode>,
);
