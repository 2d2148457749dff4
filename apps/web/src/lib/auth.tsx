/**
 * Auth state (part 1 §4): starts loading and signed out; after the check it is signed in when the
 * server answers ok. logout tells the server without waiting for it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CurrentUser } from '@sajha/contract';

export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: CurrentUser | null;
  login: (user: CurrentUser) => void;
  logout: () => void;
  refresh: () => Promise<void>;
  /**
   * True after this browser signed out on purpose: the page that was open then is the previous member's,
   * so sign-in must not carry it over as `next` (it would land the next member there).
   */
  signedOut: boolean;
}

const SIGNED_OUT_KEY = 'sajha.signedOut';
/**
 * On a fresh page load the flag holds only when the browser went back or forward into the app after a
 * sign-out in this tab (a page from the previous member's history); a page opened anew may ask for
 * `next` as usual.
 */
function readSignedOut(): boolean {
  try {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return sessionStorage.getItem(SIGNED_OUT_KEY) === '1' && nav?.type === 'back_forward';
  } catch {
    return false;
  }
}
function writeSignedOut(value: boolean): void {
  try {
    if (value) sessionStorage.setItem(SIGNED_OUT_KEY, '1');
    else sessionStorage.removeItem(SIGNED_OUT_KEY);
  } catch {
    // storage blocked: the in-memory flag still covers this page
  }
}

/** Exported for tests, which give screens a member signed in; the app uses AuthProvider. */
export const AuthContext = createContext<AuthState | null>(null);

/**
 * The server marks the page when the request carried no session cookie: the visitor is certainly signed
 * out, so the check (which could only answer 401, printed by the browser as an error) is skipped.
 */
function pageSaysSignedOut(): boolean {
  return typeof document !== 'undefined' && !!document.querySelector('meta[name="sajha-session"][content="none"]');
}

/**
 * `signedOut` says it up front (the build's pre-render of the visitor's landing page). Either way a
 * known visitor is not loading from the first render, so that render is the landing page itself, the
 * same HTML the server sent pre-rendered.
 */
export function AuthProvider({ children, signedOut: known }: { children: ReactNode; signedOut?: boolean }) {
  const [knownSignedOut] = useState(() => known ?? pageSaysSignedOut());
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [isLoading, setLoading] = useState(!knownSignedOut);
  const [signedOut, setSignedOut] = useState(readSignedOut);

  const refresh = useCallback(async () => {
    try {
      // Loaded on demand (the route table brings every schema): see publicConfig.ts.
      const { Routes, call } = await import('./routesClient');
      const res = await call(Routes.checkAuth);
      const found = res.ok ? res.data.user : null;
      setUser(found);
      if (found) {
        writeSignedOut(false);
        setSignedOut(false);
      }
    } catch (err) {
      console.warn('auth check failed', err);
      setUser(null);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!knownSignedOut) void refresh();
  }, [knownSignedOut, refresh]);

  const login = useCallback((u: CurrentUser) => {
    writeSignedOut(false);
    setSignedOut(false);
    setUser(u);
  }, []);
  const logout = useCallback(() => {
    writeSignedOut(true);
    setSignedOut(true);
    setUser(null);
    void import('./routesClient').then(({ Routes, call }) => call(Routes.logout)).catch(() => undefined);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ isAuthenticated: user !== null, isLoading, user, login, logout, refresh, signedOut }),
    [user, isLoading, login, logout, refresh, signedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

/**
 * The member signed in, or null (also outside AuthProvider: a component rendered alone in a test, or on
 * a visitor's page). For components that only read the member's settings (the blur, a dialog's defaults).
 */
export function useCurrentUser(): CurrentUser | null {
  return useContext(AuthContext)?.user ?? null;
}

/** Writes a change of the member's own fields into the signed-in state (every screen reading it follows). */
export function useUpdateCurrentUser(): (change: Partial<CurrentUser>) => void {
  const ctx = useContext(AuthContext);
  const user = ctx?.user ?? null;
  const login = ctx?.login;
  return useCallback(
    (change: Partial<CurrentUser>) => {
      if (user && login) login({ ...user, ...change });
    },
    [user, login],
  );
}
