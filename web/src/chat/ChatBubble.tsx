import { Suspense, lazy, useEffect, useRef, useState, type RefObject } from 'react';
import { documentControlsUnder, liftClearOf } from './clearOfControls';
import './chat.css';

// The panel, its socket client and the contracts it reads load when the bubble is first opened.
const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * The floating chat bubble (spec 000 "Global elements"): on the portal home (not while the
 * Doctor on Demand tab is open) and on the help page for visitors.
 */
export function ChatBubble() {
  const [open, setOpen] = useState(false);
  const widget = useRef<HTMLDivElement>(null);
  const home = useRef<HTMLSpanElement>(null);
  useClearOfControls(widget, home, !open);
  return (
    <>
      {/* Where the bubble rests: an unseen box, so a lifted bubble knows its way back. */}
      <span ref={home} className="chat-home" aria-hidden="true" />
      <div ref={widget} className="chat-widget">
        {open && (
          <Suspense
            fallback={
              <div className="chat-panel chat-panel--loading" role="status">
                Loading chat…
              </div>
            }
          >
            <ChatPanel onClose={() => setOpen(false)} />
          </Suspense>
        )}
        <button
          type="button"
          className="chat-bubble"
          aria-label={open ? 'Close chat' : 'Chat with support'}
          aria-expanded={open}
          onClick={() => setOpen((was) => !was)}
        >
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
            {open ? (
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            ) : (
              <path
                d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6c-.5.4-1.3.1-1.3-.6V16A2.5 2.5 0 0 1 4 13.5z"
                fill="currentColor"
              />
            )}
          </svg>
        </button>
      </div>
    </>
  );
}

/**
 * While `active` (the panel closed), keeps the bubble off the page's controls: after every
 * scroll, resize or change of the page, at most once a frame, it lifts the bubble just above a
 * control under its resting place (--chat-lift), and lets it down when the place is clear.
 */
function useClearOfControls(
  widgetRef: RefObject<HTMLDivElement | null>,
  homeRef: RefObject<HTMLSpanElement | null>,
  active: boolean,
): void {
  useEffect(() => {
    const widget = widgetRef.current;
    const home = homeRef.current;
    // Without hit-testing (no layout: a test's DOM) there is nothing to keep off.
    if (!widget || !home || !active || typeof document.elementsFromPoint !== 'function') return;
    const controlsUnder = documentControlsUnder(widget);
    let frame = 0;
    let lift = 0;
    const place = () => {
      frame = 0;
      // Never above the lower two thirds of the screen: there the bubble would be in the way.
      const next = liftClearOf(
        home.getBoundingClientRect(),
        controlsUnder,
        document.documentElement.clientHeight / 3,
      );
      if (next === lift) return;
      lift = next;
      if (lift > 0) widget.style.setProperty('--chat-lift', `${lift}px`);
      else widget.style.removeProperty('--chat-lift');
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(place);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // A tab's content arriving or changing moves controls without a scroll.
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      changes.disconnect();
      widget.style.removeProperty('--chat-lift');
    };
  }, [widgetRef, homeRef, active]);
}
