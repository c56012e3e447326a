import { useEffect, useId, useRef } from 'react';
import { checkoutMessages } from '@clinic/contracts';

/** The "Invalid Address" popup (spec 001 section 5): carriers do not deliver to P.O. boxes. */
export function PoBoxDialog({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const textId = useId();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    button.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      // One control: Tab stays on it.
      if (event.key === 'Tab') {
        event.preventDefault();
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);

  return (
    <div className="co-modal" onClick={onClose}>
      <div
        className="co-modal__box card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onClick={(event) => event.stopPropagation()}
      >
        <span className="co-modal__icon" aria-hidden="true">
          <svg
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7.5v5.5" />
            <path d="M12 16.5h.01" />
          </svg>
        </span>
        <h2 id={titleId} className="co-modal__title">
          {checkoutMessages.invalidAddressTitle}
        </h2>
        <p id={textId}>{checkoutMessages.poBox}</p>
        <button ref={button} type="button" className="button co-modal__ok" onClick={onClose}>
          OK
        </button>
      </div>
    </div>
  );
}
