import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { fullTime } from './support/format';
import './thread.css';

/**
 * One message of a console thread (the support inbox's conversation, a patient's messages with
 * the clinic): a bubble on the left for the person's, on the right for the answers, with the
 * author, the text, what the caller adds (files), and the time (in full on hover). Its stylesheet,
 * thread.css, also draws the list and the reply box of both panes, which share the two helpers
 * below too. Only the lazy section pages import it, never ConsoleApp.
 */
export function ThreadMessage({
  side,
  author,
  text,
  at,
  time,
  children,
  ...data
}: {
  side: 'in' | 'out';
  author: string | null;
  text: string;
  /** When it was written (ISO 8601). */
  at: string;
  /** That time as the thread shows it. */
  time: string;
  children?: ReactNode;
} & { [attribute: `data-${string}`]: string }) {
  return (
    <li className={`thread-msg thread-msg--${side}`} {...data}>
      <div className="thread-msg__bubble">
        {author && <span className="thread-msg__author">{author}</span>}
        {text && <p className="thread-msg__text">{text}</p>}
        {children}
        <time className="thread-msg__time" dateTime={at} title={fullTime(at)}>
          {time}
        </time>
      </div>
    </li>
  );
}

/** The thread's list, kept scrolled to the newest message whenever the count changes. */
export function useListAtEnd(count: number) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);
  return listRef;
}

/** The reply box's keys: Enter sends, Shift+Enter is a new line (and Enter ending an IME word). */
export function sendOnEnter(send: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
}
