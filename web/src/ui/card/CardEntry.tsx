import { Suspense, lazy } from 'react';
import { checkoutMessages } from '@clinic/contracts';
import { Button } from '../Button';
import type { CardFormProps } from './cardEntry';
import { SandboxCardForm } from './SandboxCardForm';
import type { PaymentProcessor } from './usePaymentProcessor';
import './CardEntry.css';

// Stripe's libraries load only when the processor is Stripe.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

export interface CardEntryProps extends Omit<CardFormProps, 'onReady'> {
  /** From usePaymentProcessor(). */
  payment: PaymentProcessor;
  /** A new value gives a new, empty card form (after the server refuses the card entered). */
  formKey?: number;
  /** Smaller "Try again" button (inside a dialog). */
  compact?: boolean;
}

function LoadingNote() {
  return (
    <p className="card-entry__note" role="status">
      Loading the secure payment form…
    </p>
  );
}

/**
 * The card entry of whichever processor the server names: a loading note, a "Try again" when
 * it could not be loaded, then the sandbox's card form or Stripe's (loaded lazily).
 */
export function CardEntry({ payment, formKey = 0, compact = false, ...form }: CardEntryProps) {
  const { processor } = payment;
  const props: CardFormProps = { ...form, onReady: payment.onReady };
  switch (processor.kind) {
    case 'loading':
      return <LoadingNote />;
    case 'unavailable':
      return (
        <div className="card-entry__note card-entry__note--error">
          <p>{checkoutMessages.paymentNotInitialized}</p>
          <Button variant="secondary" size={compact ? 'small' : 'normal'} onClick={payment.retry}>
            Try again
          </Button>
        </div>
      );
    case 'sandbox':
      return <SandboxCardForm key={formKey} {...props} />;
    case 'stripe':
      return (
        <Suspense fallback={<LoadingNote />}>
          <StripeCardForm key={formKey} {...props} publishableKey={processor.publishableKey} />
        </Suspense>
      );
  }
}
