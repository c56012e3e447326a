import { useState } from 'react';

/**
 * A staff action's state (approve, deny, place, ship...): which one is running (its name, so a
 * page with several buttons shows the right one busy), and the server's message when it failed.
 * `run` clears the last failure, and on success hands the done-text to `onDone` (the page's toast).
 */
export function useAsyncAction(onDone: (text: string) => void) {
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function run(call: () => Promise<unknown>, done: string, name = 'action') {
    setRunning(name);
    setError(null);
    try {
      await call();
      onDone(done);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setRunning(null);
    }
  }
  return { busy: running !== null, running, error, setError, run };
}
