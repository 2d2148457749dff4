/**
 * Auth state (part 1 §4): starts loading and signed out; after the check it is signed in when the
 * server answers ok. logout tells the server without waiting for it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CurrentUser } from '@sajha/contract';
import { api } from '../lib/http';

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
      const res = await api<{ user?: CurrentUser }>('/api/auth/check-auth');
      setUser(res.ok && res.data.user ? res.data.user : null);
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
    void fetch('/api/auth/logout', { method: 'POST', credentials: 'include' }).catch(() => undefined);
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
