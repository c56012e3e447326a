/**
 * The Stripe card form: CardElement for the card and the Express Checkout Element for wallets
 * (US, USD). Loaded lazily by the checkout page only when GET /api/payment-config names Stripe,
 * so the sandbox never loads Stripe's script.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  CardElement,
  Elements,
  ExpressCheckoutElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { checkoutMessages } from '@clinic/contracts';
import { CardBrands } from '../../components/CardBrands';
import { CardEntryError, type CardFormProps, type CardResult } from './cardEntry';

/** Stripe refuses a zero amount for wallets; its minimum charge is 50 cents. */
const minimumCents = 50;

const cardStyle = {
  base: {
    fontSize: '17px',
    color: '#1d2b2a',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    '::placeholder': { color: '#52615f' },
  },
  invalid: { color: '#b3261e' },
};

function StripeFields({ onReady, onWallet, onWalletClick, disabled, cardError }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [walletShown, setWalletShown] = useState(false);

  useEffect(() => {
    onReady({
      async tokenize(): Promise<CardResult> {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new CardEntryError(checkoutMessages.paymentNotInitialized);
        const { token, error } = await stripe.createToken(card);
        if (error || !token) throw new CardEntryError(checkoutMessages.invalidCard, error?.message);
        return {
          token: token.id,
          brand: token.card?.brand ?? null,
          last4: token.card?.last4 ?? null,
        };
      },
    });
    return () => onReady(null);
  }, [stripe, elements, onReady]);

  async function confirmWallet(event: StripeExpressCheckoutElementConfirmEvent) {
    if (!stripe || !elements) {
      event.paymentFailed({ reason: 'fail', message: checkoutMessages.paymentNotInitialized });
      return;
    }
    const submitted = await elements.submit();
    if (submitted.error) {
      event.paymentFailed({ reason: 'fail' });
      return;
    }
    const paid = await onWallet(async () => {
      const { paymentMethod, error } = await stripe.createPaymentMethod({ elements });
      if (error || !paymentMethod) {
        throw new CardEntryError(checkoutMessages.invalidCard, error?.message);
      }
      return {
        token: paymentMethod.id,
        brand: paymentMethod.card?.brand ?? null,
        last4: paymentMethod.card?.last4 ?? null,
      };
    });
    if (!paid) event.paymentFailed({ reason: 'fail' });
  }

  return (
    <div className="card-entry">
      <div className="card-entry__wallet" hidden={!walletShown}>
        <ExpressCheckoutElement
          options={{ buttonHeight: 48, paymentMethodOrder: ['apple_pay', 'google_pay', 'link'] }}
          onReady={({ availablePaymentMethods }) =>
            setWalletShown(Boolean(availablePaymentMethods))
          }
          onClick={(event) => {
            if (disabled || !onWalletClick()) event.reject();
            else event.resolve();
          }}
          onConfirm={(event) => void confirmWallet(event)}
        />
        <p className="card-entry__or" aria-hidden="true">
          <span>or pay with card</span>
        </p>
      </div>
      <div className="co-field co-field--full">
        <span className="co-field__label">Card details</span>
        <div className="co-input co-input--stripe">
          <CardElement options={{ style: cardStyle, hidePostalCode: true, disabled }} />
        </div>
      </div>
      {cardError && <p className="co-field__error">{cardError}</p>}
      <CardBrands />
    </div>
  );
}

export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const { publishableKey, amountCents } = props;
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripePromise}
      options={{
        mode: 'payment',
        amount: Math.max(amountCents, minimumCents),
        currency: 'usd',
        paymentMethodCreation: 'manual',
      }}
    >
      <StripeFields {...props} />
    </Elements>
  );
}
