import { useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen, useLoadingCounter } from './LoadingScreen';

/** After the counter reaches 100, wait at most this long for start-up work before rendering. */
export const MAX_EXTRA_WAIT_MS = 2_000;

/**
 * Shows the loading screen on first load until the counter reaches 100 and `ready` has settled
 * (success or failure), then renders the app. A start-up call that hangs never blocks the app
 * for more than `MAX_EXTRA_WAIT_MS` after the counter completes.
 */
export function AppGate({ ready, children }: { ready: Promise<unknown>; children: ReactNode }) {
  const progress = useLoadingCounter();
  const [settled, setSettled] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    let active = true;
    const settle = () => {
      if (active) setSettled(true);
    };
    ready.then(settle, settle);
    return () => {
      active = false;
    };
  }, [ready]);

  const counted = progress >= 100;
  useEffect(() => {
    if (!counted || settled) return;
    const timer = setTimeout(() => setGaveUp(true), MAX_EXTRA_WAIT_MS);
    return () => clearTimeout(timer);
  }, [counted, settled]);

  if (counted && (settled || gaveUp)) return <>{children}</>;
  return <LoadingScreen progress={progress} />;
}
