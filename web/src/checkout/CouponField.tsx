import { Button } from '../ui';
import { formatUsd } from '../ui/money';
import type { CouponState } from './useCoupon';

interface Props {
  coupon: CouponState;
  /** What the coupon takes off, in cents. */
  savedCents: number;
  /** The page is paying or switching. */
  disabled: boolean;
}

/** The coupon code of the order summary: Apply (or Enter), then Remove (spec 001 section 4). */
export function CouponField({ coupon, savedCents, disabled }: Props) {
  const { applied, error, busy } = coupon;
  return (
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
          value={applied ? applied.code : coupon.code}
          disabled={applied !== null || busy || disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'co-coupon-error' : undefined}
          onChange={(event) => coupon.type(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void coupon.apply();
          }}
        />
        {applied ? (
          <Button variant="secondary" size="small" onClick={coupon.clear} disabled={disabled}>
            Remove
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="small"
            onClick={() => void coupon.apply()}
            disabled={busy || disabled}
          >
            Apply
          </Button>
        )}
      </div>
      {error && (
        <p id="co-coupon-error" className="co-field__error" role="alert">
          {error}
        </p>
      )}
      {applied && (
        <p className="co-coupon__applied" role="status">
          Coupon applied: you save {formatUsd(savedCents)}.
        </p>
      )}
    </div>
  );
}
