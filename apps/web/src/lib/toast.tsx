/**
 * In-app toasts (part 1 §3, §9): title, message, type, image, duration and id. They stack at the bottom
 * centre and last 3000 ms unless told otherwise; showing the same type and message while one is still
 * visible merges into it (its count goes up and its timer restarts) instead of stacking a copy.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DURATIONS_MS } from '@sajha/contract';
import { useFormat } from '../i18n/format';

export type ToastType = 'success' | 'error' | 'normal';

export interface ToastOptions {
  title?: string;
  message: string;
  type: ToastType;
  /** URL of a small picture (for example the sender's avatar) shown in place of the icon. */
  image?: string;
  /** Milliseconds; defaults to DURATIONS_MS.toast. */
  duration?: number;
}

export interface Toast extends ToastOptions {
  id: string;
  duration: number;
  /** How many identical toasts were merged into this one. */
  count: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id (the id of the visible one when merged). */
  show: (options: ToastOptions) => string;
  dismiss: (id: string) => void;
}

/** Older toasts give way beyond this many, so a burst of errors cannot cover the screen. */
const MAX_VISIBLE = 4;

const ToastContext = createContext<ToastApi | null>(null);

const sameToast = (toast: Toast, options: ToastOptions) =>
  toast.type === options.type && toast.message === options.message;

let nextId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // The ref is the source of truth so that two calls in the same tick still see each other.
  const current = useRef<Toast[]>([]);
  const commit = useCallback((next: Toast[]) => {
    current.current = next;
    setToasts(next);
  }, []);

  const dismiss = useCallback((id: string) => commit(current.current.filter((toast) => toast.id !== id)), [commit]);

  const show = useCallback(
    (options: ToastOptions) => {
      const duration = options.duration ?? DURATIONS_MS.toast;
      const visible = current.current.find((toast) => sameToast(toast, options));
      if (visible) {
        const merged: Toast = { ...visible, ...options, id: visible.id, duration, count: visible.count + 1 };
        commit(current.current.map((toast) => (toast.id === visible.id ? merged : toast)));
        return visible.id;
      }
      const toast: Toast = { ...options, id: `toast-${++nextId}`, duration, count: 1 };
      commit([...current.current, toast].slice(-MAX_VISIBLE));
      return toast.id;
    },
    [commit],
  );

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);
  // On the chat screen the composer (attach, camera, emoji, send) sits at the bottom: toasts go on top
  // there. Read at render, which every new toast causes (the provider sits outside the router).
  const onTop = typeof window !== 'undefined' && window.location.pathname.startsWith('/message');

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Box
        aria-live="polite"
        sx={{
          position: 'fixed',
          left: '50%',
          transform: 'translateX(-50%)',
          // Clear of the mobile bottom bar of the signed-in shell, or of the chat composer.
          ...(onTop
            ? { top: { xs: 'calc(12px + env(safe-area-inset-top))', md: 16 } }
            : { bottom: { xs: 'calc(72px + env(safe-area-inset-bottom))', md: 24 } }),
          zIndex: (theme) => theme.zIndex.snackbar,
          width: 'min(420px, calc(100vw - 24px))',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          pointerEvents: 'none',
        }}
      >
        {toasts.map((toast) => (
          <ToastBubble key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </Box>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

const rise = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;

function ToastBubble({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const { t } = useTranslation('app');
  const f = useFormat();
  const [paused, setPaused] = useState(false);
  const { id, duration, count } = toast;

  // Restarts whenever a duplicate is merged in (count changes); waits while hovered or focused.
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(id), duration);
    return () => window.clearTimeout(timer);
  }, [id, duration, count, paused, onDismiss]);

  const neutral = toast.type === 'normal';
  const icon = toast.image ? (
    <Box
      component="img"
      src={toast.image}
      alt=""
      sx={{ width: 28, height: 28, borderRadius: '50%', objectFit: 'cover' }}
    />
  ) : undefined;

  return (
    <Alert
      role={toast.type === 'error' ? 'alert' : 'status'}
      variant="filled"
      severity={toast.type === 'error' ? 'error' : toast.type === 'success' ? 'success' : 'info'}
      icon={neutral && !toast.image ? false : icon}
      onClose={() => onDismiss(id)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{
        pointerEvents: 'auto',
        width: '100%',
        boxShadow: 6,
        alignItems: 'center',
        animation: `${rise} 180ms ease-out`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        // 'normal' toasts read as a plain snackbar: inverted surface that follows the colour mode.
        ...(neutral && { bgcolor: 'text.primary', color: 'background.paper' }),
      }}
    >
      {toast.title && <AlertTitle sx={{ mb: 0.25 }}>{toast.title}</AlertTitle>}
      {toast.message}
      {count > 1 && (
        <Box component="span" sx={{ ml: 1, px: 0.75, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.18)', fontWeight: 700 }}>
          <span aria-hidden>×{f.number(count)}</span>
          <Box component="span" sx={visuallyHidden}>
            {t('toast.times', { count, number: f.number(count) })}
          </Box>
        </Box>
      )}
    </Alert>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
