import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  blockUserPayment,
  centsToDollars,
  checkoutMessages,
  checkoutNew,
  isPoBox,
  saveAddress,
  trustForm,
  type Drug,
} from '@clinic/contracts';
import { ApiError, callApi } from '../api/client';
import { useUnservedState, type UnservedState } from './useUnservedState';
import { clearCart } from '../cart/cartStore';
import { productsQuery } from '../catalog/useProducts';
import { savePlan } from '../plan';
import { getSession, isCartSession, setSession } from '../session/session';
import {
  CardEntryError,
  usePaymentProcessor,
  type CardFormProps,
  type CardResult,
  type PaymentProcessor,
} from '../ui';
import {
  cartBlockedText,
  checkoutFailureOf,
  describeCheckoutFailure,
  initialCounters,
  nonSuccessFailure,
  type Blocked,
  type CheckoutFailure,
} from './checkoutErrors';
import {
  buildCheckoutRequest,
  paymentOf,
  pushPurchase,
  trustedFormCertUrl,
  type CheckoutVariant,
  type OrderDraft,
  type Payment,
} from './checkoutRequest';
import { isCompleteAddress, toCheckoutAddress } from './addressFields';
import { guestBuyerOf, loginPathBack } from './GuestSection';
import { newIdempotencyKey } from '../api/idempotencyKey';
import { writePreauths } from '../session/preauths';

/** What the page is doing: nothing, paying, or loading the other medication's checkout. */
export type Busy = null | 'paying' | 'switching';

/** No card can pay for now (the server says so): paying stays disabled. */
export type PayBlocked = Blocked & { message: string };

interface Options {
  variant: CheckoutVariant;
  /** The order as the form holds it now. */
  order: OrderDraft;
  /** The visitor ticked the terms. */
  termsAccepted: boolean;
}

export interface CheckoutSubmit {
  busy: Busy;
  /** The page's error line. */
  error: string | null;
  /** The email has an account: the way to log in and come back (with the error line). */
  loginPath: string | null;
  payBlocked: PayBlocked | null;
  /** The P.O. box popup is open. */
  poBoxOpen: boolean;
  closePoBox(): void;
  /** The card processor and its card form. */
  payment: PaymentProcessor;
  /** Changes when the server refuses the card entered: a new, empty card form. */
  cardFormKey: number;
  /** What the card form needs besides the processor. */
  cardForm: Omit<CardFormProps, 'onReady'>;
  /** Pay is possible (nothing running, nothing blocked, a card form on screen). */
  canPay: boolean;
  switchMedication(next: Drug): Promise<void>;
  /** The form's submit handler: pays with the card entered. */
  payWithCard(event: FormEvent): void;
}

/** The form's rules (spec 001 section 5): what is missing, 'po-box' for the popup, or null. */
function formProblem(
  order: OrderDraft,
  termsAccepted: boolean,
  unservedState: UnservedState,
): string | 'po-box' | null {
  const { shipping, billing, guest } = order;
  const guestProblem = guest ? guestBuyerOf(guest).problem : null;
  if (guestProblem) return guestProblem;
  if (!isCompleteAddress(shipping)) return checkoutMessages.incompleteShipping;
  // The rules in force, as the server will apply them: said before any card is charged.
  const unserved = unservedState(shipping.state);
  if (unserved) return unserved;
  if (isPoBox(shipping.addressLine1) || isPoBox(shipping.addressLine2)) return 'po-box';
  if (billing && !isCompleteAddress(billing)) return checkoutMessages.incompleteBilling;
  if (!termsAccepted) return checkoutMessages.acceptTerms;
  return null;
}

/**
 * After a successful payment: analytics, the address, the preauths; answers the upsell's path
 * (with the term, amount and transaction).
 */
async function afterPayment(answer: Payment, order: OrderDraft): Promise<string> {
  const dollars = centsToDollars(answer.amount);
  pushPurchase(answer.transaction_id, dollars);
  // A guest is now the patient of the account made for the order; a login stays as it is.
  const before = getSession();
  if (answer.session && (!before || isCartSession(before))) setSession(answer.session);
  const current = getSession();
  if (current) {
    const calls: Promise<unknown>[] = [
      callApi(saveAddress, {
        body: { ...toCheckoutAddress(order.shipping), id: current.user.id },
      }),
    ];
    const certUrl = trustedFormCertUrl();
    if (certUrl) {
      calls.push(callApi(trustForm, { body: { user_id: current.user.id, url: certUrl } }));
    }
    // Their failures never keep the patient from the next step.
    await Promise.allSettled(calls);
  }
  writePreauths(answer.prescriptionPreauths);
  clearCart();
  const query = new URLSearchParams({
    terms: String(order.term),
    amount: dollars.toFixed(2),
    trans_id: answer.transaction_id,
  });
  return `/payment/thanks?${query.toString()}`;
}

/** Whether this cart or card may pay at all (the server refuses a blocked payment anyway). */
function usePayBlock(cartId: string) {
  const [payBlocked, setPayBlocked] = useState<PayBlocked | null>(null);
  useEffect(() => {
    let active = true;
    callApi(blockUserPayment, { query: { cart_id: cartId } })
      .then((status) => {
        if (!active) return;
        if (status.blocked)
          setPayBlocked({
            kind: 'card',
            until: status.blocked_until,
            message: checkoutMessages.cardBlocked,
          });
        else if (status.cart_blocked)
          setPayBlocked({ kind: 'cart', until: null, message: cartBlockedText });
      })
      .catch(() => {
        // The server refuses a blocked payment anyway; the page just cannot warn in advance.
      });
    return () => {
      active = false;
    };
  }, [cartId]);
  return [payBlocked, setPayBlocked] as const;
}

/**
 * The checkout's submit state (spec 001 sections 4 and 5): the form's rules, the card processor,
 * the payment with its error counters and blocks, switching medication, and what follows a
 * successful payment.
 */
export function useCheckoutSubmit({ variant, order, termsAccepted }: Options): CheckoutSubmit {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { cart, dueCents } = order;

  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [loginPath, setLoginPath] = useState<string | null>(null);
  const [payBlocked, setPayBlocked] = usePayBlock(cart.cartId);
  const [poBoxOpen, setPoBoxOpen] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  // A new card form (emptied fields) once the server refuses the card entered for this cart.
  const [cardFormKey, setCardFormKey] = useState(0);
  const counters = useRef(initialCounters);
  const unservedState = useUnservedState();

  const payment = usePaymentProcessor({
    onRecovered: () => setError(checkoutMessages.paymentReinitialized),
  });

  async function switchMedication(next: Drug) {
    if (next === cart.drug || busyRef.current) return;
    busyRef.current = true;
    setBusy('switching');
    setError(null);
    try {
      const products = await queryClient.ensureQueryData(productsQuery);
      // The new cart keeps this one's plan-page answers on the server: the link never shows them.
      // Only a change of medication asks for the offers: their route loads then, not with the page.
      const { offersQuery } = await import('../catalog/useOffers');
      const plans = await queryClient.ensureQueryData(offersQuery);
      const path = await savePlan(
        next,
        products,
        cart.offers,
        { replacesCart: cart.cartId },
        plans,
      );
      navigate(
        variant === 'call-center'
          ? path.replace('/weight-loss-payment/', '/weightlosspayment/')
          : path,
      );
    } catch {
      setError(checkoutMessages.switchMedication);
      busyRef.current = false;
      setBusy(null);
    }
  }

  /** The form's rules (spec 001 section 5): shows what is missing; true when it may pay. */
  function validate(): boolean {
    setCardError(null);
    setLoginPath(null);
    const problem = formProblem(order, termsAccepted, unservedState);
    setError(problem === 'po-box' ? null : problem);
    if (problem === 'po-box') setPoBoxOpen(true);
    return problem === null;
  }

  /** Spec 001 section 4, "Checkout flow". Resolves to whether the payment went through. */
  async function pay(method: 'card' | 'wallet', tokenize: () => Promise<CardResult>) {
    if (busyRef.current || payBlocked) return false;
    if (!validate()) return false;
    busyRef.current = true;
    setBusy('paying');
    let card: CardResult;
    try {
      card = await tokenize();
    } catch (failure) {
      setError(failure instanceof CardEntryError ? failure.message : checkoutMessages.invalidCard);
      setCardError(failure instanceof CardEntryError ? failure.detail : null);
      busyRef.current = false;
      setBusy(null);
      return false;
    }

    // One key per attempt: a retried request (network, double submit) never charges twice.
    const idempotencyKey = newIdempotencyKey();
    let paid: Payment | null = null;
    let failure: CheckoutFailure;
    try {
      const answer = await callApi(checkoutNew, {
        headers: { 'Idempotency-Key': idempotencyKey },
        body: buildCheckoutRequest(order, card, method),
      });
      paid = paymentOf(answer, dueCents);
      failure = nonSuccessFailure(answer);
    } catch (thrown) {
      // Once the server says the card was charged, an answer the contract refuses (a missing
      // detail) must not show a decline: its payment is read leniently.
      if (thrown instanceof ApiError && thrown.kind === 'malformed')
        paid = paymentOf(thrown.body, dueCents);
      failure = checkoutFailureOf(thrown);
    }
    // Outside the try: once charged, nothing after it may show a decline.
    if (paid) {
      navigate(await afterPayment(paid, order));
      return true;
    }
    const outcome = describeCheckoutFailure(failure, counters.current);
    counters.current = outcome.counters;
    setError(outcome.poBox ? null : outcome.message);
    if (outcome.poBox) setPoBoxOpen(true);
    if (outcome.logIn) setLoginPath(loginPathBack(`${location.pathname}${location.search}`));
    if (outcome.blocked) setPayBlocked({ ...outcome.blocked, message: outcome.message });
    if (outcome.newCard) setCardFormKey((key) => key + 1);
    busyRef.current = false;
    setBusy(null);
    return false;
  }

  function payWithCard(event: FormEvent) {
    event.preventDefault();
    void pay('card', () => payment.tokenize(checkoutMessages.paymentNotInitialized));
  }

  return {
    busy,
    error,
    loginPath,
    payBlocked,
    poBoxOpen,
    closePoBox: () => setPoBoxOpen(false),
    payment,
    cardFormKey,
    cardForm: {
      onWallet: (tokenize) => pay('wallet', tokenize),
      onWalletClick: () => !busyRef.current && !payBlocked && validate(),
      amountCents: dueCents,
      disabled: busy !== null || payBlocked !== null,
      cardError,
    },
    canPay: busy === null && payBlocked === null && payment.ready,
    switchMedication,
    payWithCard,
  };
}
