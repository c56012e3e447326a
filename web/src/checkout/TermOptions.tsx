import {
  monthlyAverageCents,
  paymentTermLabels,
  paymentTerms,
  regularMonthlyCents,
  termBaseCents,
  termSavingsCents,
  type Drug,
  type PaymentTerm,
  type PriceTable,
} from '@clinic/contracts';
import { formatUsd } from '../ui/money';

interface Props {
  drug: Drug;
  /** The cart's prices: what the server charges. */
  prices: PriceTable;
  term: PaymentTerm;
  onChange(term: PaymentTerm): void;
  disabled: boolean;
}

/** The payment terms (spec 001 sections 3 and 9): 1, 3, 6 or 12 months, each with its price. */
export function TermOptions({ drug, prices, term, onChange, disabled }: Props) {
  return (
    <fieldset className="co-section__body co-terms">
      <legend className="co-section__title">Choose your plan</legend>
      {paymentTerms.map((months) => {
        const label = paymentTermLabels[months];
        const savings = termSavingsCents(drug, months, prices);
        const monthly = months === 1;
        const price = formatUsd(termBaseCents(drug, months, prices));
        return (
          <label
            key={months}
            className="co-term"
            data-term={months}
            data-selected={term === months ? 'true' : undefined}
          >
            <input
              type="radio"
              name="payment-term"
              value={months}
              checked={term === months}
              aria-label={`${label.name}, ${price}${monthly ? ' first month' : ''}, ${label.billing}`}
              disabled={disabled}
              onChange={() => onChange(months)}
            />
            <span className="co-term__text">
              <span className="co-term__name">{label.name}</span>
              <span className="co-term__billing">{label.billing}</span>
              {monthly ? (
                <span className="co-term__note">
                  then {formatUsd(regularMonthlyCents(drug, prices))}/mo · 3-month commitment
                </span>
              ) : (
                <span className="co-term__note">
                  {formatUsd(monthlyAverageCents(drug, months, prices))}/mo average
                </span>
              )}
            </span>
            <span className="co-term__price">
              <span className="co-term__amount">{price}</span>
              {monthly ? (
                <span className="co-term__per">first month</span>
              ) : (
                <span className="co-term__save">Save {formatUsd(savings)}</span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
