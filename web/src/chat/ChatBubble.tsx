import { Suspense, lazy, useState } from 'react';
import './chat.css';

// The panel, its socket client and the contracts it reads load when the bubble is first opened.
const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * The floating chat bubble (spec 000 "Global elements"): on the portal home (not while the
 * Doctor on Demand tab is open) and on the help page for visitors.
 */
export function ChatBubble() {
  const [open, setOpen] = useState(false);
  return (
    <div className="chat-widget">
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
  );
}
