/**
 * Auth state (part 1 §4): starts loading and signed out; after the check it is signed in when the
 * server answers ok. logout tells the server without waiting for it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Routes, type CurrentUser } from '@sajha/contract';
import { call } from '../lib/http';

export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: CurrentUser | null;
  login: (user: CurrentUser) => void;
  logout: () => void;
  refresh: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [isLoading, setLoading] = useState(true);

  const refresh = useCallback(async () => {
    try {
      const res = await call(Routes.checkAuth);
      setUser(res.ok ? ((res.data as { user: CurrentUser }).user ?? null) : null);
    } catch (err) {
      console.warn('auth check failed', err);
      setUser(null);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const login = useCallback((u: CurrentUser) => setUser(u), []);
  const logout = useCallback(() => {
    setUser(null);
    void call(Routes.logout).catch(() => undefined);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ isAuthenticated: user !== null, isLoading, user, login, logout, refresh }),
    [user, isLoading, login, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
