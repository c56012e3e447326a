import { useCallback, useEffect, useRef, useState } from 'react';
import { paymentConfig } from '@clinic/contracts';
import { callApi } from '../../api/client';
import { CardEntryError, type CardEntryHandle, type CardResult } from './cardEntry';

/** The card processor GET /api/payment-config names, while it loads and when it cannot. */
export type Processor =
  | { kind: 'loading' }
  | { kind: 'sandbox' }
  | { kind: 'stripe'; publishableKey: string }
  | { kind: 'unavailable' };

export interface PaymentProcessor {
  processor: Processor;
  /** A card form is on screen (sandbox or Stripe): paying may start. */
  ready: boolean;
  /** Handed to the card form: it registers its tokeniser here (null when it goes away). */
  onReady(handle: CardEntryHandle | null): void;
  /** Asks the server again after a failure ("Try again"). */
  retry(): void;
  /** Tokenises what the card form holds; throws CardEntryError(`notReady`) without a form. */
  tokenize(notReady: string): Promise<CardResult>;
}

interface Options {
  /** Called when a retry brings a processor back (the page may say so). */
  onRecovered?(): void;
}

/**
 * Loads the card processor once on mount and keeps the card form's tokeniser: what the checkout
 * page and the portal's card dialogs share before a card can be tokenised.
 */
export function usePaymentProcessor({ onRecovered }: Options = {}): PaymentProcessor {
  const [processor, setProcessor] = useState<Processor>({ kind: 'loading' });
  const entry = useRef<CardEntryHandle | null>(null);
  const recovered = useRef(onRecovered);
  recovered.current = onRecovered;

  const onReady = useCallback((handle: CardEntryHandle | null) => {
    entry.current = handle;
  }, []);

  // `retry` says whether this is the visitor asking again after a failure.
  const load = useCallback((isActive: () => boolean, retry: boolean) => {
    callApi(paymentConfig)
      .then((config) => {
        if (!isActive()) return;
        if (config.processor === 'sandbox') setProcessor({ kind: 'sandbox' });
        else if (config.publishableKey) {
          setProcessor({ kind: 'stripe', publishableKey: config.publishableKey });
        } else return setProcessor({ kind: 'unavailable' });
        if (retry) recovered.current?.();
      })
      .catch(() => isActive() && setProcessor({ kind: 'unavailable' }));
  }, []);

  useEffect(() => {
    let active = true;
    load(() => active, false);
    return () => {
      active = false;
    };
  }, [load]);

  const retry = useCallback(() => {
    setProcessor({ kind: 'loading' });
    load(() => true, true);
  }, [load]);

  const tokenize = useCallback(async (notReady: string) => {
    if (!entry.current) throw new CardEntryError(notReady);
    return entry.current.tokenize();
  }, []);

  return {
    processor,
    ready: processor.kind === 'sandbox' || processor.kind === 'stripe',
    onReady,
    retry,
    tokenize,
  };
}
