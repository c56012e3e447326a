import { paymentConfig, type PaymentConfig } from '@clinic/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { callApi } from '../../api/client';
import { CardBrands } from '../../components/CardBrands';
import {
  CardEntryError,
  parseExpiry,
  sandboxToken,
  sandboxWalletCard,
  type CardFormProps,
} from './cardEntry';

/** "4242424242424242" to "4242 4242 4242 4242" (digits only, at most 19). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1" stays, "12" stays, "123" to "12/3"; a typed slash is kept. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return text.includes('/') && digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** The wallet button's words: a patient in production never reads the developers' "sandbox". */
export const walletButtonLabel: Record<PaymentConfig['environment'], string> = {
  production: 'Pay with wallet',
  development: 'Pay with wallet (sandbox test mode)',
};

/**
 * Whether the server runs in production (GET /api/payment-config). The pages hand this form only
 * their card callbacks, so it asks itself; until it knows (or if it cannot), it says production.
 */
function usePaymentEnvironment(): PaymentConfig['environment'] {
  const [environment, setEnvironment] = useState<PaymentConfig['environment']>('production');
  useEffect(() => {
    let active = true;
    callApi(paymentConfig)
      .then(({ environment: answered }) => {
        if (active) setEnvironment(answered);
      })
      .catch(() => {
        // the plainer label stays
      });
    return () => {
      active = false;
    };
  }, []);
  return environment;
}

/**
 * The sandbox processor's card form: number, expiry and CVC, tokenised by POST /sandbox/v1/tokens
 * (the card details go only there). The wallet is a button that pays with the 4242 test card.
 * The checkout page and the card dialog render this form only when the processor is the sandbox.
 */
export function SandboxCardForm({
  onReady,
  onWallet,
  onWalletClick,
  disabled,
  cardError,
}: CardFormProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const values = useRef({ number, expiry, cvc });
  values.current = { number, expiry, cvc };
  const environment = usePaymentEnvironment();

  useEffect(() => {
    onReady({
      async tokenize() {
        const { number: n, expiry: e, cvc: c } = values.current;
        const parsed = parseExpiry(e);
        if (n.replace(/\D/g, '').length < 12 || !parsed || !/^\d{3,4}$/.test(c.trim())) {
          throw new CardEntryError();
        }
        return sandboxToken({ number: n, month: parsed.month, year: parsed.year, cvc: c });
      },
    });
    return () => onReady(null);
  }, [onReady]);

  function payWithWallet() {
    if (!onWalletClick()) return;
    void onWallet(() =>
      sandboxToken({
        number: sandboxWalletCard.number,
        month: 12,
        year: new Date().getFullYear() + 5,
        cvc: sandboxWalletCard.cvc,
      }),
    );
  }

  const errorId = `${id}-error`;
  return (
    <div className="card-entry">
      <div className="card-entry__wallet">
        <button
          type="button"
          className="button wallet-button"
          disabled={disabled}
          onClick={payWithWallet}
        >
          {walletButtonLabel[environment]}
        </button>
        <p className="card-entry__or" aria-hidden="true">
          <span>or pay with card</span>
        </p>
      </div>
      <div className="card-entry__fields">
        <div className="co-field co-field--full">
          <label className="co-field__label" htmlFor={`${id}-number`}>
            Card number
          </label>
          <input
            id={`${id}-number`}
            className="co-input"
            name="cardnumber"
            autoComplete="cc-number"
            inputMode="numeric"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            value={number}
            disabled={disabled}
            aria-invalid={cardError ? true : undefined}
            aria-describedby={cardError ? errorId : undefined}
            onChange={(event) => setNumber(formatCardNumber(event.target.value))}
          />
        </div>
        <div className="co-field">
          <label className="co-field__label" htmlFor={`${id}-expiry`}>
            Expiry (MM/YY)
          </label>
          <input
            id={`${id}-expiry`}
            className="co-input"
            name="cc-exp"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/YY"
            maxLength={7}
            value={expiry}
            disabled={disabled}
            onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          />
        </div>
        <div className="co-field">
          <label className="co-field__label" htmlFor={`${id}-cvc`}>
            CVC
          </label>
          <input
            id={`${id}-cvc`}
            className="co-input"
            name="cvc"
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="123"
            maxLength={4}
            value={cvc}
            disabled={disabled}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </div>
      </div>
      {cardError && (
        <p id={errorId} className="co-field__error">
          {cardError}
        </p>
      )}
      <CardBrands />
    </div>
  );
}
