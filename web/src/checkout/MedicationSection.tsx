import { drugLabels, planCards, type Drug } from '@clinic/contracts';
import { CheckoutSection } from './CheckoutSection';

/** Tirzepatide first, as the spec lists the choice (default Tirzepatide). */
const medicationOrder: readonly Drug[] = ['tirzepatide', 'semaglutide'];

interface Props {
  drug: Drug;
  disabled: boolean;
  onSwitch(next: Drug): void;
}

/** "Your medication": the two medications, the cart's pressed (spec 001 section 3). */
export function MedicationSection({ drug, disabled, onSwitch }: Props) {
  return (
    <CheckoutSection title="Your medication">
      <div className="co-meds" role="group" aria-label="Medication">
        {medicationOrder.map((option) => (
          <button
            key={option}
            type="button"
            className="co-med"
            aria-pressed={drug === option}
            disabled={disabled}
            onClick={() => onSwitch(option)}
          >
            <span className="co-med__name">{drugLabels[option]}</span>{' '}
            <span className="co-med__badge">{planCards[option].badge}</span>
          </button>
        ))}
      </div>
      <p className="co-section__note">
        Compounded {drugLabels[drug].toLowerCase()}, one weekly injection. All dosage levels are the
        same price.
      </p>
    </CheckoutSection>
  );
}
