import { useRef, useState, type FormEvent } from 'react';
import { billingMessages, type CheckoutAddress } from '@clinic/contracts';
import {
  AddressForm,
  emptyAddress,
  isCompleteAddress,
  toCheckoutAddress,
  type AddressFields,
} from '../../checkout';
import {
  Button,
  CardEntry,
  CardEntryError,
  Dialog,
  usePaymentProcessor,
  type CardResult,
} from '../../ui';
import '../../checkout/checkout.css';

/** The billing address the card dialogs send (spec 001 section 3). */
export type BillingAddress = Omit<CheckoutAddress, 'id'>;

interface Props {
  title: string;
  /** A line under the title (what is paid). */
  description?: string;
  submitLabel: string;
  /** What a wallet sheet would show; the dialogs take cards only. */
  amountCents: number;
  /**
   * Sends the tokenised card; resolves to null when done (the parent closes the dialog), or to
   * the message to show in the dialog.
   */
  onSubmit(card: CardResult, billingAddress: BillingAddress): Promise<string | null>;
  onClose(): void;
}

/**
 * The Update Card and Process Payment dialogs (spec 001 sections 2, 4 and 5): the checkout's
 * card form (sandbox or Stripe, as GET /api/payment-config says) and a billing address with
 * the autocomplete. The submitted flag is on from tokenisation and reset on error.
 */
export function CardDialog({
  title,
  description,
  submitLabel,
  amountCents,
  onSubmit,
  onClose,
}: Props) {
  const payment = usePaymentProcessor();
  const [address, setAddress] = useState<AddressFields>(emptyAddress);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submittingRef.current) return;
    setCardError(null);
    if (!isCompleteAddress(address)) {
      setError(billingMessages.incompleteBilling);
      return;
    }
    setError(null);
    submittingRef.current = true;
    setSubmitting(true);
    const reset = (message: string) => {
      setError(message);
      submittingRef.current = false;
      setSubmitting(false);
    };

    let card: CardResult;
    try {
      card = await payment.tokenize(billingMessages.invalidCard);
    } catch (failure) {
      setCardError(failure instanceof CardEntryError ? failure.detail : null);
      reset(billingMessages.invalidCard);
      return;
    }

    const failure = await onSubmit(card, toCheckoutAddress(address));
    if (failure) reset(failure);
    // On success the parent closes the dialog.
  }

  return (
    <Dialog
      title={title}
      description={description}
      onClose={onClose}
      busy={submitting}
      className="card-dialog"
    >
      <form className="card-dialog__form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="card-dialog__card">
          <legend className="co-section__title">Card</legend>
          <CardEntry
            payment={payment}
            compact
            // Cards only here: the wallet stays hidden and never starts.
            onWallet={() => Promise.resolve(false)}
            onWalletClick={() => false}
            amountCents={amountCents}
            disabled={submitting}
            cardError={cardError}
          />
        </fieldset>

        <AddressForm
          legend="Billing address"
          section="billing"
          value={address}
          onChange={setAddress}
          disabled={submitting}
        />

        {error && (
          <p className="co-error" role="alert">
            {error}
          </p>
        )}

        <div className="portal-modal__actions">
          <Button type="submit" disabled={submitting || !payment.ready}>
            {submitLabel}
          </Button>
          <Button variant="secondary" disabled={submitting} onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
