/**
 * The 'We Cannot Proceed' popup (spec 002 sections 2 and 4, "Disqualification"): the stopping
 * answer's message, what the patient can do, Resubmit Form (closes it: the patient changes the
 * answer) and Process Refund. Process Refund withdraws nothing by itself: it asks first, saying
 * the amount and what happens (the order is cancelled, the refund goes to the card paid with, how
 * long it takes). Keep My Order goes back to the popup as it was; Cancel and Refund confirms (the
 * parent posts it and says how it went).
 */
import { useRef } from 'react';
import { formatUsd } from '../ui/money';
import { Button, Dialog, FormMessage } from '../ui';

/** What the patient paid for the order: cents, null when unknown, undefined while it loads. */
export type PaidAmount = number | null | undefined;

interface Props {
  message: string;
  /** The confirmation is shown (Process Refund was chosen). */
  confirming: boolean;
  paid: PaidAmount;
  busy: boolean;
  error: string | null;
  onResubmit(): void;
  /** Process Refund: ask for the confirmation. */
  onRefund(): void;
  /** Keep My Order: back to the popup, nothing changed. */
  onKeep(): void;
  /** Cancel and Refund: the patient confirmed. */
  onConfirm(): void;
}

export const refundTimingText =
  'Refunds usually appear on your statement within 5 to 10 business days, depending on your bank. We will email you when it is on its way.';

/** "We will cancel your order and refund $449.97 to the card you paid with." */
export function refundAmountText(paid: number | null): string {
  const amount = paid === null ? 'everything you paid for it' : formatUsd(paid);
  return `We will cancel your order and refund ${amount} to the card you paid with.`;
}

export function CannotProceedDialog(props: Props) {
  const { message, confirming, paid, busy, error } = props;
  const resubmit = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);

  if (confirming)
    return (
      <Dialog
        key="confirm"
        title="Cancel your order and get a refund?"
        role="alertdialog"
        onClose={props.onKeep}
        busy={busy}
        initialFocus={keep}
        className="mf-stop mf-stop--confirm"
        description={paid === undefined ? 'Checking what you paid...' : refundAmountText(paid)}
      >
        <p className="mf-stop__text">{refundTimingText}</p>
        <p className="mf-stop__text">
          Your application ends here. To be treated later, you would place a new order.
        </p>
        <FormMessage kind="error">{error}</FormMessage>
        <div className="mf-stop__actions">
          <Button ref={keep} variant="secondary" onClick={props.onKeep} disabled={busy}>
            Keep My Order
          </Button>
          <Button
            variant="danger"
            onClick={props.onConfirm}
            disabled={paid === undefined}
            busy={busy}
            busyLabel="Processing..."
          >
            Cancel and Refund
          </Button>
        </div>
      </Dialog>
    );

  return (
    <Dialog
      key="stop"
      title="We Cannot Proceed"
      role="alertdialog"
      onClose={props.onResubmit}
      initialFocus={resubmit}
      className="mf-stop"
      description={message}
    >
      <p className="mf-stop__text">
        If an answer was given by mistake, you can resubmit the form and change it. Otherwise you
        can withdraw your application and request a full refund of your order.
      </p>
      <div className="mf-stop__actions">
        <Button ref={resubmit} variant="secondary" onClick={props.onResubmit}>
          Resubmit Form
        </Button>
        <Button variant="danger" onClick={props.onRefund}>
          Process Refund
        </Button>
      </div>
    </Dialog>
  );
}
