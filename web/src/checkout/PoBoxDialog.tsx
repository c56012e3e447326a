import { useRef } from 'react';
import { checkoutMessages } from '@clinic/contracts';
import { Button, Dialog } from '../ui';

const warningIcon = (
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
);

/** The "Invalid Address" popup (spec 001 section 5): carriers do not deliver to P.O. boxes. */
export function PoBoxDialog({ onClose }: { onClose(): void }) {
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      look="notice"
      role="alertdialog"
      title={checkoutMessages.invalidAddressTitle}
      description={checkoutMessages.poBox}
      icon={warningIcon}
      initialFocus={ok}
      closeOnBackdrop
      onClose={onClose}
    >
      <Button ref={ok} className="co-modal__ok" onClick={onClose}>
        OK
      </Button>
    </Dialog>
  );
}
