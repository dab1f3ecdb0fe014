import { useEffect, useState } from 'react';

/** The time, re-read every `everyMs`, so "Rotation due" appears when the due day starts. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
