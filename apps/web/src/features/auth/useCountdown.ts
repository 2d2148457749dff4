/** A cooldown clock for "send again" controls (part 1 §4: 120 s after a resend or a reset request). */
import { useCallback, useEffect, useState } from 'react';
import { withDigits, type Format } from '../../i18n/format';

export interface Countdown {
  /** Whole seconds left, rounded up; 0 when the control may be used again. */
  secondsLeft: number;
  running: boolean;
  start: (durationMs: number) => void;
}

export function useCountdown(): Countdown {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) setDeadline(null);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const start = useCallback((durationMs: number) => {
    const t = Date.now();
    setNow(t);
    setDeadline(t + durationMs);
  }, []);

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, running: secondsLeft > 0, start };
}

/** 119 -> "1:59" (or "१:५९", in the member's digits when `f` is given). */
export function formatCountdown(seconds: number, f?: Format): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const text = `${m}:${String(s).padStart(2, '0')}`;
  return f ? withDigits(text, f.prefs.digits) : text;
}
