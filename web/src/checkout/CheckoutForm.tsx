import { useState } from 'react';
import {
  amountDueTodayCents,
  defaultPaymentTerm,
  defaultPriceTable,
  dollarsToCents,
  type PaymentTerm,
  type PriceTable,
} from '@clinic/contracts';
import { accountUserOf, useSession } from '../session/session';
import { AddressSection } from './AddressSection';
import { emptyAddress, type AddressFields } from './addressFallback';
import type { CheckoutVariant, OrderDraft } from './checkoutRequest';
import { CheckoutSection } from './CheckoutSection';
import { emptyGuest, GuestSection, type GuestFields } from './GuestSection';
import type { LoadedCart } from './loadCart';
import { MedicationSection } from './MedicationSection';
import { OrderSummary } from './OrderSummary';
import { PaymentSection } from './PaymentSection';
import { PoBoxDialog } from './PoBoxDialog';
import { TermOptions } from './TermOptions';
import { useCheckoutSubmit } from './useCheckoutSubmit';
import { useCoupon } from './useCoupon';

export type { CheckoutVariant } from './checkoutRequest';

interface Props {
  cart: LoadedCart;
  variant: CheckoutVariant;
}

/**
 * The ready checkout form (spec 001 sections 2 to 5 and 8): what the order is (medication, term,
 * addresses, coupon, terms) here; paying in useCheckoutSubmit; each part in its own section.
 */
export function CheckoutForm({ cart, variant }: Props) {
  const session = useSession();
  const [guestId] = useState(() => `guest-${Date.now()}`);
  const drug = cart.drug;

  const [term, setTerm] = useState<PaymentTerm>(defaultPaymentTerm);
  const coupon = useCoupon(term);
  const [shipping, setShipping] = useState<AddressFields>(emptyAddress);
  const [differentBilling, setDifferentBilling] = useState(false);
  const [billing, setBilling] = useState<AddressFields>(emptyAddress);
  const [termsAccepted, setTermsAccepted] = useState(true);
  // Who is buying, when nobody is: the order belongs to an account made from these details.
  // A member of staff paying a guest's cart (the call center) asks the buyer too.
  const buyerKnown = cart.user !== null || session?.user.role === 'patient';
  const [guest, setGuest] = useState<GuestFields>(emptyGuest);

  const applied = coupon.applied;
  const discountCents = applied ? dollarsToCents(applied.discount) : 0;
  // The cart's own prices (the server charges these), never the spec's constants.
  const prices: PriceTable = { ...defaultPriceTable, [drug]: cart.prices };
  const dueCents = amountDueTodayCents(drug, term, discountCents, prices);
  const fullCents = amountDueTodayCents(drug, term, 0, prices);
  const user = session?.user ?? cart.user;
  const order: OrderDraft = {
    cart,
    term,
    coupon: applied,
    shipping,
    billing: differentBilling ? billing : null,
    guest: buyerKnown ? null : guest,
    userId: user?.id ?? guestId,
    phone: accountUserOf(user)?.phone || null,
    dueCents,
    fullCents,
  };
  const submit = useCheckoutSubmit({ variant, order, termsAccepted });
  const { busy } = submit;

  function changeTerm(next: PaymentTerm) {
    if (next === term) return;
    setTerm(next);
    // Spec 001 section 4: changing the term clears the coupon, the discount and the coupon id.
    coupon.clear();
  }

  return (
    <form
      className="checkout__layout"
      noValidate
      onSubmit={submit.payWithCard}
      aria-busy={busy !== null}
    >
      <div className="checkout__main">
        <MedicationSection
          drug={drug}
          disabled={busy !== null}
          onSwitch={(next) => void submit.switchMedication(next)}
        />
        <CheckoutSection>
          <TermOptions
            drug={drug}
            prices={prices}
            term={term}
            onChange={changeTerm}
            disabled={busy !== null}
          />
        </CheckoutSection>
        {!buyerKnown && <GuestSection value={guest} onChange={setGuest} disabled={busy !== null} />}
        <AddressSection
          shipping={shipping}
          onShippingChange={setShipping}
          differentBilling={differentBilling}
          onDifferentBillingChange={setDifferentBilling}
          billing={billing}
          onBillingChange={setBilling}
          disabled={busy !== null}
        />
        <PaymentSection
          payment={submit.payment}
          formKey={submit.cardFormKey}
          cardForm={submit.cardForm}
        />
      </div>

      <aside className="checkout__aside">
        <OrderSummary
          drug={drug}
          prices={prices}
          term={term}
          dueCents={dueCents}
          fullCents={fullCents}
          coupon={coupon}
          termsAccepted={termsAccepted}
          onTermsChange={setTermsAccepted}
          busy={busy}
          error={submit.error}
          loginPath={submit.loginPath}
          payBlocked={submit.payBlocked}
          canPay={submit.canPay}
        />
      </aside>

      {busy !== null && (
        <div className="co-overlay" role="status" aria-live="assertive">
          <div className="co-overlay__box">
            <span className="co-spinner" aria-hidden="true" />
            <p>{busy === 'paying' ? 'Processing your payment…' : 'Switching medication…'}</p>
          </div>
        </div>
      )}
      {submit.poBoxOpen && <PoBoxDialog onClose={submit.closePoBox} />}
    </form>
  );
}
