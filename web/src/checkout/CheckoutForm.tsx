import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  amountDueTodayCents,
  blockUserPayment,
  centsToDollars,
  checkoutMessages,
  checkoutNew,
  couponMessages,
  defaultPaymentTerm,
  dollarsToCents,
  drugLabels,
  isPoBox,
  paymentConfig,
  paymentTermLabels,
  planCards,
  regularMonthlyCents,
  saveAddress,
  trustForm,
  validateCoupon,
  type CheckoutAddress,
  type CheckoutRequest,
  type Drug,
  type PaymentTerm,
} from '@clinic/contracts';
import { ApiError, apiFetch } from '../api/client';
import { clearCart } from '../cart/cartStore';
import { productsQuery } from '../catalog/useProducts';
import { savePlan } from '../plan/savePlan';
import { getSession, useSession } from '../session/session';
import { TRACKING_SESSION_KEY } from '../tracking/trackingSession';
import { emptyAddress, type AddressFields } from './addressFallback';
import { AddressForm } from './AddressForm';
import { CardEntryError, type CardEntryHandle, type CardResult } from './cardEntry';
import { BlockedNotice } from './BlockedNotice';
import {
  cartBlockedText,
  checkoutFailureOf,
  describeCheckoutFailure,
  initialCounters,
  nonSuccessFailure,
  type Blocked,
  type CheckoutFailure,
} from './checkoutErrors';
import { LegalLinks, TermsLink } from './LegalLinks';
import { readConversionId } from './conversionId';
import { newIdempotencyKey } from './idempotencyKey';
import type { LoadedCart } from './loadCart';
import { formatUsd } from './money';
import { PoBoxDialog } from './PoBoxDialog';
import { writePreauths } from './preauths';
import { SandboxCardForm } from './SandboxCardForm';
import { TermOptions } from './TermOptions';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

export type CheckoutVariant = 'public' | 'call-center';

/** Tirzepatide first, as the spec lists the choice (default Tirzepatide). */
const medicationOrder: readonly Drug[] = ['tirzepatide', 'semaglutide'];

type Processor =
  | { kind: 'loading' }
  | { kind: 'sandbox' }
  | { kind: 'stripe'; publishableKey: string }
  | { kind: 'unavailable' };

interface AppliedCoupon {
  code: string;
  id: number;
  /** c_val: the flat discount in dollars. */
  discount: number;
}

type Busy = null | 'paying' | 'switching';

function isComplete(address: AddressFields): boolean {
  return (
    address.addressLine1.trim() !== '' &&
    address.city.trim() !== '' &&
    /^[A-Z]{2}$/.test(address.state) &&
    /^\d{5}(-\d{4})?$/.test(address.zip.trim())
  );
}

function toCheckoutAddress(address: AddressFields): CheckoutAddress {
  return {
    addressLine1: address.addressLine1.trim(),
    addressLine2: address.addressLine2.trim() || null,
    city: address.city.trim(),
    state: address.state,
    zip: address.zip.trim(),
  };
}

function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message !== '' ? body.message : null;
}

function storedTrackingSessionId(): string | null {
  try {
    return sessionStorage.getItem(TRACKING_SESSION_KEY);
  } catch {
    return null;
  }
}

/** The TrustedForm certificate its script leaves in the page, when the script runs. */
function trustedFormCertUrl(): string | null {
  const input = document.querySelector<HTMLInputElement>('input[name="xxTrustedFormCertUrl"]');
  const value = input?.value.trim();
  return value && value.startsWith('https://') ? value : null;
}

/** What a successful checkout-new answer tells the next pages. */
interface Payment {
  transaction_id: string;
  /** Charged, in cents. */
  amount: number;
  prescriptionPreauths: unknown[];
}

/**
 * The payment of a checkout-new answer, or null when its status is not "success". Read leniently:
 * once the server says the card was charged, a missing detail must not show a decline.
 */
export function paymentOf(raw: unknown, dueCents: number): Payment | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const body = raw as Record<string, unknown>;
  if (body.status !== 'success') return null;
  return {
    transaction_id: typeof body.transaction_id === 'string' ? body.transaction_id : '',
    amount: typeof body.amount === 'number' ? body.amount : dueCents,
    prescriptionPreauths: Array.isArray(body.prescriptionPreauths) ? body.prescriptionPreauths : [],
  };
}

function pushPurchase(transactionId: string, dollars: number): void {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({
    event: 'purchase',
    ecommerce: { transaction_id: transactionId, value: dollars, currency: 'USD' },
  });
}

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="card co-section">
      {title && <h2 className="co-section__title">{title}</h2>}
      {children}
    </section>
  );
}

interface Props {
  cart: LoadedCart;
  variant: CheckoutVariant;
}

/** The ready checkout form (spec 001 sections 2 to 5 and 8). */
export function CheckoutForm({ cart, variant }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [guestId] = useState(() => `guest-${Date.now()}`);
  const drug = cart.drug;

  const [term, setTerm] = useState<PaymentTerm>(defaultPaymentTerm);
  const [couponCode, setCouponCode] = useState('');
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [couponBusy, setCouponBusy] = useState(false);

  const [shipping, setShipping] = useState<AddressFields>(emptyAddress);
  const [differentBilling, setDifferentBilling] = useState(false);
  const [billing, setBilling] = useState<AddressFields>(emptyAddress);
  const [termsAccepted, setTermsAccepted] = useState(true);
  const [poBoxOpen, setPoBoxOpen] = useState(false);

  const [processor, setProcessor] = useState<Processor>({ kind: 'loading' });
  const cardEntry = useRef<CardEntryHandle | null>(null);
  const onCardReady = useCallback((handle: CardEntryHandle | null) => {
    cardEntry.current = handle;
  }, []);
  const [cardError, setCardError] = useState<string | null>(null);

  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  /** No card can pay for now (the server says so): paying stays disabled. */
  const [payBlocked, setPayBlocked] = useState<(Blocked & { message: string }) | null>(null);
  // A new card form (emptied fields) once the server refuses the card entered for this cart.
  const [cardFormKey, setCardFormKey] = useState(0);
  const counters = useRef(initialCounters);

  const discountCents = coupon ? dollarsToCents(coupon.discount) : 0;
  const dueCents = amountDueTodayCents(drug, term, discountCents);
  const fullCents = amountDueTodayCents(drug, term, 0);
  const user = session?.user ?? cart.user;

  // The card processor; `retry` says whether this is the visitor asking again after a failure.
  const loadProcessor = useCallback((isActive: () => boolean, retry: boolean) => {
    apiFetch(paymentConfig.path)
      .then((raw) => {
        const config = paymentConfig.response.parse(raw);
        if (!isActive()) return;
        if (config.processor === 'sandbox') setProcessor({ kind: 'sandbox' });
        else if (config.publishableKey) {
          setProcessor({ kind: 'stripe', publishableKey: config.publishableKey });
        } else return setProcessor({ kind: 'unavailable' });
        if (retry) setError(checkoutMessages.paymentReinitialized);
      })
      .catch(() => isActive() && setProcessor({ kind: 'unavailable' }));
  }, []);

  // The card processor, and whether this cart or card may pay at all.
  useEffect(() => {
    let active = true;
    loadProcessor(() => active, false);
    const query = new URLSearchParams({ cart_id: cart.cartId }).toString();
    apiFetch(`${blockUserPayment.path}?${query}`)
      .then((raw) => {
        const status = blockUserPayment.response.parse(raw);
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
  }, [cart.cartId, loadProcessor]);

  function changeTerm(next: PaymentTerm) {
    if (next === term) return;
    setTerm(next);
    // Spec 001 section 4: changing the term clears the coupon, the discount and the coupon id.
    setCoupon(null);
    setCouponCode('');
    setCouponError(null);
  }

  async function applyCoupon() {
    if (coupon || couponBusy) return;
    const code = couponCode.trim();
    if (code === '') {
      setCouponError(couponMessages.empty);
      return;
    }
    setCouponBusy(true);
    setCouponError(null);
    try {
      const answer = validateCoupon.response.parse(
        await apiFetch(validateCoupon.path, {
          method: 'POST',
          json: { coupon: code, payment_terms: term },
        }),
      );
      setCoupon({ code, id: answer.coupon_id, discount: answer.c_val });
    } catch (failure) {
      setCouponError(serverMessage(failure) ?? couponMessages.invalid);
    } finally {
      setCouponBusy(false);
    }
  }

  function removeCoupon() {
    setCoupon(null);
    setCouponCode('');
    setCouponError(null);
  }

  async function switchMedication(next: Drug) {
    if (next === drug || busyRef.current) return;
    busyRef.current = true;
    setBusy('switching');
    setError(null);
    try {
      const products = await queryClient.ensureQueryData(productsQuery);
      const path = await savePlan(next, products, cart.offers, {
        currentGLPMed: cart.currentGLPMed,
        currentDose: cart.currentDose,
      });
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
    if (!isComplete(shipping)) {
      setError(checkoutMessages.incompleteShipping);
      return false;
    }
    if (isPoBox(shipping.addressLine1) || isPoBox(shipping.addressLine2)) {
      setError(null);
      setPoBoxOpen(true);
      return false;
    }
    if (differentBilling && !isComplete(billing)) {
      setError(checkoutMessages.incompleteBilling);
      return false;
    }
    if (!termsAccepted) {
      setError(checkoutMessages.acceptTerms);
      return false;
    }
    setError(null);
    return true;
  }

  function buildRequest(card: CardResult, method: 'card' | 'wallet'): CheckoutRequest {
    const phone = typeof user?.phone === 'string' && user.phone !== '' ? user.phone : null;
    return {
      payment_terms: term,
      user_id: user?.id ?? guestId,
      id: cart.cartId,
      cardToken: card.token,
      amount: dueCents,
      discount: coupon ? coupon.discount : 0,
      medication: drugLabels[drug],
      couponCode: coupon?.code ?? null,
      couponId: coupon?.id ?? null,
      paymentMethod: method,
      cartItems: [cart.item],
      cardDetails: { brand: card.brand, last4: card.last4 },
      planId: cart.item.stripe_id,
      cartTotal: centsToDollars(dueCents),
      cartTotalNoDiscount: centsToDollars(fullCents),
      offer: drug === 'semaglutide' ? cart.offers.sema_offer : cart.offers.tir_offer,
      billingAddress: differentBilling ? toCheckoutAddress(billing) : null,
      shippingAddress: toCheckoutAddress(shipping),
      user_agent: navigator.userAgent.slice(0, 1024),
      ip_address: null,
      tracking_session_id: storedTrackingSessionId(),
      phone,
      c_id: readConversionId(),
    };
  }

  /** After a successful payment: analytics, the address, the preauths, then the upsell. */
  async function finish(answer: Payment) {
    const dollars = centsToDollars(answer.amount);
    pushPurchase(answer.transaction_id, dollars);
    const current = getSession();
    if (current) {
      const calls: Promise<unknown>[] = [
        apiFetch(saveAddress.path, {
          method: 'POST',
          json: { ...toCheckoutAddress(shipping), id: current.user.id },
        }),
      ];
      const certUrl = trustedFormCertUrl();
      if (certUrl) {
        calls.push(
          apiFetch(trustForm.path, {
            method: 'POST',
            json: { user_id: current.user.id, url: certUrl },
          }),
        );
      }
      // Their failures never keep the patient from the next step.
      await Promise.allSettled(calls);
    }
    writePreauths(answer.prescriptionPreauths);
    clearCart();
    const query = new URLSearchParams({
      terms: String(term),
      amount: dollars.toFixed(2),
      trans_id: answer.transaction_id,
    });
    navigate(`/payment/thanks?${query.toString()}`);
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
      const raw = await apiFetch<unknown>(checkoutNew.path, {
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        json: buildRequest(card, method),
      });
      paid = paymentOf(raw, dueCents);
      failure = nonSuccessFailure(raw);
    } catch (thrown) {
      failure = checkoutFailureOf(thrown);
    }
    // Outside the try: once charged, nothing after it may show a decline.
    if (paid) {
      await finish(paid);
      return true;
    }
    const outcome = describeCheckoutFailure(failure, counters.current);
    counters.current = outcome.counters;
    setError(outcome.message);
    if (outcome.blocked) setPayBlocked({ ...outcome.blocked, message: outcome.message });
    if (outcome.newCard) setCardFormKey((key) => key + 1);
    busyRef.current = false;
    setBusy(null);
    return false;
  }

  function payWithCard(event: FormEvent) {
    event.preventDefault();
    void pay('card', async () => {
      if (!cardEntry.current) throw new CardEntryError(checkoutMessages.paymentNotInitialized);
      return cardEntry.current.tokenize();
    });
  }

  const cardFormProps = {
    onReady: onCardReady,
    onWallet: (tokenize: () => Promise<CardResult>) => pay('wallet', tokenize),
    onWalletClick: () => !busyRef.current && !payBlocked && validate(),
    amountCents: dueCents,
    disabled: busy !== null || payBlocked !== null,
    cardError,
  };
  const cardReady = processor.kind === 'sandbox' || processor.kind === 'stripe';
  const payDisabled = busy !== null || payBlocked !== null || !cardReady;
  const label = paymentTermLabels[term];

  return (
    <form className="checkout__layout" noValidate onSubmit={payWithCard} aria-busy={busy !== null}>
      <div className="checkout__main">
        <Section title="Your medication">
          <div className="co-meds" role="group" aria-label="Medication">
            {medicationOrder.map((option) => (
              <button
                key={option}
                type="button"
                className="co-med"
                aria-pressed={drug === option}
                disabled={busy !== null}
                onClick={() => void switchMedication(option)}
              >
                <span className="co-med__name">{drugLabels[option]}</span>{' '}
                <span className="co-med__badge">{planCards[option].badge}</span>
              </button>
            ))}
          </div>
          <p className="co-section__note">
            Compounded {drugLabels[drug].toLowerCase()}, one weekly injection. All dosage levels are
            the same price.
          </p>
        </Section>

        <Section>
          <TermOptions drug={drug} term={term} onChange={changeTerm} disabled={busy !== null} />
        </Section>

        <Section>
          <AddressForm
            legend="Shipping address"
            section="shipping"
            value={shipping}
            onChange={setShipping}
            disabled={busy !== null}
          />
          <label className="quiz-check co-check">
            <input
              type="checkbox"
              checked={differentBilling}
              disabled={busy !== null}
              onChange={(event) => setDifferentBilling(event.target.checked)}
            />
            <span>Use a different billing address</span>
          </label>
          {differentBilling && (
            <AddressForm
              legend="Billing address"
              section="billing"
              value={billing}
              onChange={setBilling}
              disabled={busy !== null}
            />
          )}
        </Section>

        <Section title="Payment">
          {processor.kind === 'loading' && (
            <p className="co-section__note" role="status">
              Loading the secure payment form…
            </p>
          )}
          {processor.kind === 'unavailable' && (
            <div className="co-section__note co-section__note--error">
              <p>{checkoutMessages.paymentNotInitialized}</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setProcessor({ kind: 'loading' });
                  loadProcessor(() => true, true);
                }}
              >
                Try again
              </button>
            </div>
          )}
          {processor.kind === 'sandbox' && <SandboxCardForm key={cardFormKey} {...cardFormProps} />}
          {processor.kind === 'stripe' && (
            <Suspense
              fallback={
                <p className="co-section__note" role="status">
                  Loading the secure payment form…
                </p>
              }
            >
              <StripeCardForm
                key={cardFormKey}
                {...cardFormProps}
                publishableKey={processor.publishableKey}
              />
            </Suspense>
          )}
        </Section>
      </div>

      <aside className="checkout__aside">
        <section className="card co-summary" aria-labelledby="co-summary-title">
          <h2 id="co-summary-title" className="co-section__title">
            Order summary
          </h2>
          <dl className="co-summary__lines">
            <div>
              <dt>
                {drugLabels[drug]} · {label.name}
              </dt>
              <dd>{formatUsd(fullCents)}</dd>
            </div>
            {coupon && (
              <div className="co-summary__discount">
                <dt>Coupon {coupon.code}</dt>
                <dd>−{formatUsd(fullCents - dueCents)}</dd>
              </div>
            )}
            <div>
              <dt>Shipping</dt>
              <dd>Free</dd>
            </div>
            <div className="co-summary__total">
              <dt>Due today</dt>
              <dd data-testid="due-today">{formatUsd(dueCents)}</dd>
            </div>
          </dl>
          <p className="co-summary__billing">
            {term === 1
              ? `Then ${formatUsd(regularMonthlyCents(drug))} billed monthly · 3-month commitment`
              : `${label.name}, ${label.billing}`}
          </p>

          <div className="co-coupon">
            <label className="co-field__label" htmlFor="co-coupon">
              Coupon code
            </label>
            <div className="co-coupon__row">
              <input
                id="co-coupon"
                className="co-input"
                type="text"
                autoComplete="off"
                maxLength={64}
                value={coupon ? coupon.code : couponCode}
                disabled={coupon !== null || couponBusy || busy !== null}
                aria-invalid={couponError ? true : undefined}
                aria-describedby={couponError ? 'co-coupon-error' : undefined}
                onChange={(event) => {
                  setCouponCode(event.target.value);
                  setCouponError(null);
                }}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  void applyCoupon();
                }}
              />
              {coupon ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={removeCoupon}
                  disabled={busy !== null}
                >
                  Remove
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => void applyCoupon()}
                  disabled={couponBusy || busy !== null}
                >
                  Apply
                </button>
              )}
            </div>
            {couponError && (
              <p id="co-coupon-error" className="co-field__error" role="alert">
                {couponError}
              </p>
            )}
            {coupon && (
              <p className="co-coupon__applied" role="status">
                Coupon applied: you save {formatUsd(fullCents - dueCents)}.
              </p>
            )}
          </div>

          <label className="quiz-check co-check co-terms-check">
            <input
              type="checkbox"
              checked={termsAccepted}
              onChange={(event) => setTermsAccepted(event.target.checked)}
            />
            <span>
              I agree to the <TermsLink slug="terms-of-use">Terms and Conditions</TermsLink>, the{' '}
              <TermsLink slug="privacy-policy">Privacy Policy</TermsLink> and the{' '}
              <TermsLink slug="telehealth-consent">Telehealth Consent</TermsLink>.
            </span>
          </label>

          {payBlocked ? (
            <BlockedNotice message={payBlocked.message} blocked={payBlocked} />
          ) : (
            error && (
              <p className="co-error" role="alert">
                {error}
              </p>
            )
          )}

          <button type="submit" className="button co-pay" disabled={payDisabled}>
            {busy === 'paying' ? 'Processing…' : `Pay ${formatUsd(dueCents)}`}
          </button>
          <p className="co-secure">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                d="M7 10V7a5 5 0 0 1 10 0v3M6 10h12v10H6z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            Secure, encrypted payment. Instant refund if you are not approved.
          </p>
          <ul className="co-promises">
            <li>Doctor review within 24 hours</li>
            <li>Free 2-day express shipping</li>
            <li>No charge for the consultation if you are not approved</li>
          </ul>
          <LegalLinks />
        </section>
      </aside>

      {busy !== null && (
        <div className="co-overlay" role="status" aria-live="assertive">
          <div className="co-overlay__box">
            <span className="co-spinner" aria-hidden="true" />
            <p>{busy === 'paying' ? 'Processing your payment…' : 'Switching medication…'}</p>
          </div>
        </div>
      )}
      {poBoxOpen && <PoBoxDialog onClose={() => setPoBoxOpen(false)} />}
    </form>
  );
}
