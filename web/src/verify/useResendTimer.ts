import { useCallback, useEffect, useState } from 'react';

/**
 * The countdown that blocks "Resend code" (spec 000 sections 4 and 9). It counts to a deadline
 * rather than counting ticks: browsers slow timers in background tabs, and the server's own
 * 60 s window runs on the clock, so the display must too.
 */
export function useResendTimer() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    // A quarter-second tick keeps the shown second within 250 ms of the real one.
    const tick = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= deadline) setDeadline(null);
    }, 250);
    return () => clearInterval(tick);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const time = Date.now();
    setNow(time);
    setDeadline(seconds > 0 ? time + seconds * 1000 : null);
  }, []);

  const stop = useCallback(() => setDeadline(null), []);

  const seconds = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { seconds, running: seconds > 0, start, stop };
}
