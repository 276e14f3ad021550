import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';

const SECOND_MS = 1000;

/** `H:MM:SS` (hours may pass 24 when the operator sets a longer group life). */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / SECOND_MS));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${hours}:${two(minutes)}:${two(seconds)}`;
}

/**
 * The time left of a group, counted down each second from what the server said was left when it
 * answered (`remainingMs`, measured on the server's clock), so a wrong device clock shows the same
 * countdown. At 0 it reads 'Ended'. Tabular digits in a fixed-width cell: no layout shift.
 */
export function Countdown({ remainingMs }: { remainingMs: number }) {
  const [left, setLeft] = useState(remainingMs);
  useEffect(() => {
    const start = Date.now();
    setLeft(remainingMs);
    if (remainingMs <= 0) return;
    const timer = setInterval(() => {
      const next = Math.max(0, remainingMs - (Date.now() - start));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, SECOND_MS);
    return () => clearInterval(timer);
  }, [remainingMs]);
  if (left <= 0) {
    return (
      <span className="gb-countdown gb-countdown--ended">
        <Trans>Ended</Trans>
      </span>
    );
  }
  const time = formatRemaining(left);
  return (
    <span className="gb-countdown">
      <Trans>Ends in {time}</Trans>
    </span>
  );
}
