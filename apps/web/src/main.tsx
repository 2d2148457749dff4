import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AuthProvider } from './app/auth';
import { createRouter } from './app/router';
import { AppThemeProvider } from './app/theme';
import { installMediaContextMenuBlock } from './lib/blockMediaContextMenu';
import { registerServiceWorker } from './lib/pwa';
import { ToastProvider } from './lib/toast';
import './app/fonts.css';

installMediaContextMenuBlock();
registerServiceWorker();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppThemeProvider>
      <ToastProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ToastProvider>
    </AppThemeProvider>
  </StrictMode>,
);
