import { useEffect, useState } from 'react';

/**
 * Seconds left of a wait of `seconds`, ticking down once a second while `running`; it starts again
 * when `seconds`, `running` or `restartKey` change (a new refusal with the same wait).
 */
export function useCountdown(seconds: number, running: boolean, restartKey?: unknown): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!running) return;
    setLeft(seconds);
    const started = Date.now();
    const timer = setInterval(() => {
      setLeft(Math.max(0, seconds - Math.floor((Date.now() - started) / 1000)));
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, running, restartKey]);
  return left;
}
