/**
 * The whole app under its providers, given a router: the browser's (main.tsx) or, at build time, a
 * memory router on '/' that pre-renders the visitor's landing page (prerender.tsx). Both render this
 * one tree, so the pre-rendered HTML is what the browser's first render produces and can be hydrated.
 */
import { StrictMode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { AppThemeProvider } from './theme';
import { ToastProvider } from '../lib/toast';
import { LanguageProvider } from '../i18n/language';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export function App({ router, signedOut }: { router: AppRouter; signedOut?: boolean }) {
  return (
    <StrictMode>
      <AppThemeProvider>
        <ToastProvider>
          <AuthProvider signedOut={signedOut}>
            <LanguageProvider>
              <RouterProvider router={router} />
            </LanguageProvider>
          </AuthProvider>
        </ToastProvider>
      </AppThemeProvider>
    </StrictMode>
  );
}
