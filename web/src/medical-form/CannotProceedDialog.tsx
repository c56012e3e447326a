/**
 * The 'We Cannot Proceed' popup (spec 002 sections 2 and 4, "Disqualification"): the stopping
 * answer's message, what the patient can do, Resubmit Form (closes it: the patient changes the
 * answer) and Process Refund (withdraws the application and refunds the order; the parent posts
 * it and says how it went).
 */
import { useRef } from 'react';
import { Button, Dialog, FormMessage } from '../ui';

interface Props {
  message: string;
  busy: boolean;
  error: string | null;
  onResubmit(): void;
  onRefund(): void;
}

export function CannotProceedDialog({ message, busy, error, onResubmit, onRefund }: Props) {
  const resubmit = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title="We Cannot Proceed"
      role="alertdialog"
      onClose={onResubmit}
      busy={busy}
      initialFocus={resubmit}
      className="mf-stop"
      description={message}
    >
      <p className="mf-stop__text">
        If an answer was given by mistake, you can resubmit the form and change it. Otherwise you
        can withdraw your application and request a full refund of your order.
      </p>
      <FormMessage kind="error">{error}</FormMessage>
      <div className="mf-stop__actions">
        <Button ref={resubmit} variant="secondary" onClick={onResubmit} disabled={busy}>
          Resubmit Form
        </Button>
        <Button variant="danger" onClick={onRefund} busy={busy} busyLabel="Processing...">
          Process Refund
        </Button>
      </div>
    </Dialog>
  );
}
