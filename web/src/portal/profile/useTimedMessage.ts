import { useCallback, useEffect, useRef, useState } from 'react';
import { TOAST_MS, type MessageKind } from '../../ui';

export interface TimedMessage {
  kind: MessageKind;
  text: string;
}

/**
 * A form's message line: a success shows for 3 seconds (spec 002 section 9: "Toast and message
 * display 3 s"); an error stays until the next attempt.
 */
export function useTimedMessage() {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((kind: MessageKind, text: string) => {
    clearTimeout(timer.current);
    setMessage({ kind, text });
    if (kind === 'success') timer.current = setTimeout(() => setMessage(null), TOAST_MS);
  }, []);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return { message, show, clear };
}
