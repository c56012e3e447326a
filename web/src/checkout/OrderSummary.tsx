import {
  drugLabels,
  paymentTermLabels,
  regularMonthlyCents,
  type Drug,
  type PaymentTerm,
  type PriceTable,
} from '@clinic/contracts';
import { Link } from 'react-router-dom';
import { Button, Checkbox } from '../ui';
import { BlockedNotice } from './BlockedNotice';
import { CouponField } from './CouponField';
import { LegalLinks, TermsLink } from './LegalLinks';
import { formatUsd } from '../ui/money';
import type { CouponState } from './useCoupon';
import type { Busy, PayBlocked } from './useCheckoutSubmit';

interface Props {
  drug: Drug;
  /** The cart's prices. */
  prices: PriceTable;
  term: PaymentTerm;
  dueCents: number;
  fullCents: number;
  coupon: CouponState;
  termsAccepted: boolean;
  onTermsChange(accepted: boolean): void;
  busy: Busy;
  error: string | null;
  /** Where to log in and come back, shown with the error (the buyer has an account). */
  loginPath: string | null;
  payBlocked: PayBlocked | null;
  canPay: boolean;
}

/**
 * The order summary beside the form (below it on phones): the lines and the total, the coupon,
 * the terms, the page's error or block, and Pay (the form's submit button).
 */
export function OrderSummary({
  drug,
  prices,
  term,
  dueCents,
  fullCents,
  coupon,
  termsAccepted,
  onTermsChange,
  busy,
  error,
  loginPath,
  payBlocked,
  canPay,
}: Props) {
  const label = paymentTermLabels[term];
  return (
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
        {coupon.applied && (
          <div className="co-summary__discount">
            <dt>Coupon {coupon.applied.code}</dt>
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
          ? `Then ${formatUsd(regularMonthlyCents(drug, prices))} billed monthly · 3-month commitment`
          : `${label.name}, ${label.billing}`}
      </p>

      <CouponField coupon={coupon} savedCents={fullCents - dueCents} disabled={busy !== null} />

      <Checkbox
        labelClassName="co-check co-terms-check"
        checked={termsAccepted}
        onCheckedChange={onTermsChange}
        label={
          <>
            I agree to the <TermsLink slug="terms-of-use">Terms and Conditions</TermsLink>, the{' '}
            <TermsLink slug="privacy-policy">Privacy Policy</TermsLink> and the{' '}
            <TermsLink slug="telehealth-consent">Telehealth Consent</TermsLink>.
          </>
        }
      />

      {payBlocked ? (
        <BlockedNotice message={payBlocked.message} blocked={payBlocked} />
      ) : (
        error && (
          <>
            <p className="co-error" role="alert">
              {error}
            </p>
            {loginPath && (
              <Link to={loginPath} className="button button--secondary co-login">
                Log in to finish your order
              </Link>
            )}
          </>
        )
      )}

      <Button type="submit" className="co-pay" disabled={!canPay}>
        {busy === 'paying' ? 'Processing…' : `Pay ${formatUsd(dueCents)}`}
      </Button>
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
  );
}
