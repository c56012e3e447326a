import { useRef, useState } from 'react';
import { billingMessages, cancelReasons } from '@clinic/contracts';
import { Button, Dialog } from '../../ui';

/** The last choice of the reasons step; it is not sent (spec 001 section 7). */
export const otherReason = 'other';

interface ReasonsProps {
  planName: string;
  onContinue(reasons: string[]): void;
  onClose(): void;
}

/** Step 1 of a cancellation: why (spec 001 section 7's reasons, plus "other"). Optional. */
export function CancelReasonsDialog({ planName, onContinue, onClose }: ReasonsProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const first = useRef<HTMLInputElement>(null);
  const options: string[] = [...cancelReasons, otherReason];

  function toggle(reason: string, on: boolean) {
    setChosen((current) =>
      on ? [...current, reason] : current.filter((existing) => existing !== reason),
    );
  }

  return (
    <Dialog
      title="Cancel Subscription"
      description={`Before you cancel ${planName}, please tell us why (optional).`}
      onClose={onClose}
      initialFocus={first}
      className="cancel-dialog"
    >
      <fieldset className="cancel-dialog__reasons">
        <legend className="visually-hidden">Reasons for cancelling</legend>
        {options.map((reason, index) => (
          <label key={reason} className="cancel-dialog__reason">
            <input
              ref={index === 0 ? first : undefined}
              type="checkbox"
              name="reason"
              value={reason}
              checked={chosen.includes(reason)}
              onChange={(event) => toggle(reason, event.target.checked)}
            />
            <span>{reason}</span>
          </label>
        ))}
      </fieldset>
      <div className="portal-modal__actions">
        <button
          type="button"
          className="button button--secondary"
          // Spec order, without "other" (never sent).
          onClick={() => onContinue(cancelReasons.filter((reason) => chosen.includes(reason)))}
        >
          Continue
        </button>
        <button type="button" className="button" onClick={onClose}>
          Keep Subscription
        </button>
      </div>
    </Dialog>
  );
}

interface ConfirmProps {
  busy: boolean;
  onYes(): void;
  onClose(): void;
}

/** Step 2: "Are you sure you want to cancel?" with Yes and Close (spec 001 section 2). */
export function CancelConfirmDialog({ busy, onYes, onClose }: ConfirmProps) {
  const close = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={billingMessages.confirmCancel}
      onClose={onClose}
      busy={busy}
      initialFocus={close}
      className="cancel-confirm"
    >
      <div className="portal-modal__actions">
        <Button variant="danger" disabled={busy} onClick={onYes}>
          Yes
        </Button>
        <button
          ref={close}
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={onClose}
        >
          Close
        </button>
      </div>
    </Dialog>
  );
}
