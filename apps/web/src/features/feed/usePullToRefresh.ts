/** Pull-to-refresh on touch screens: starts after a 50 px pull at the top, full (and fires) at ~140 px. */
import { useEffect, useRef, useState } from 'react';

export const PULL_START = 50;
export const PULL_FULL = 140;

export function usePullToRefresh(onRefresh: () => void): number {
  const [pull, setPull] = useState(0);
  const start = useRef<number | null>(null);
  const latest = useRef(onRefresh);
  latest.current = onRefresh;

  useEffect(() => {
    let distance = 0;
    const onStart = (e: TouchEvent) => {
      start.current = window.scrollY <= 0 && e.touches.length === 1 ? e.touches[0]!.clientY : null;
      distance = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (start.current === null) return;
      distance = e.touches[0]!.clientY - start.current;
      setPull(distance > PULL_START ? Math.min(1, (distance - PULL_START) / (PULL_FULL - PULL_START)) : 0);
    };
    const onEnd = () => {
      if (start.current !== null && distance >= PULL_FULL) latest.current();
      start.current = null;
      distance = 0;
      setPull(0);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, []);
  return pull;
}
