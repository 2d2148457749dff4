import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AuthProvider } from './app/auth';
import { createRouter } from './app/router';
import { AppThemeProvider } from './app/theme';
import { FullPageSpinner } from './app/guards';

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppThemeProvider>
      <AuthProvider>
        <RouterProvider router={router} fallbackElement={<FullPageSpinner />} />
      </AuthProvider>
    </AppThemeProvider>
  </StrictMode>,
);
