/** Runs a callback after a delay (the spec's 2 s pauses), and forgets it if the screen goes away first. */
import { useCallback, useEffect, useRef } from 'react';

export function useLater(): (run: () => void, delayMs: number) => void {
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      timers.current.forEach((id) => window.clearTimeout(id));
      timers.current = [];
    },
    [],
  );
  return useCallback((run: () => void, delayMs: number) => {
    timers.current.push(window.setTimeout(run, delayMs));
  }, []);
}
