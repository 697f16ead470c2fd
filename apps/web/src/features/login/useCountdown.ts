import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds left of a countdown that survives re-renders; `start(n)` restarts it. */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [left, setLeft] = useState(0);
  const endRef = useRef(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(Math.max(0, Math.ceil((endRef.current - Date.now()) / 1000))), 250);
    return () => clearTimeout(t);
  }, [left]);
  const start = useCallback((seconds: number) => {
    endRef.current = Date.now() + seconds * 1000;
    setLeft(seconds);
  }, []);
  return { left, start };
}
