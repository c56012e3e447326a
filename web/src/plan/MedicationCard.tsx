import { averageLossPercent, drugLabels, planCards, type Drug } from '@clinic/contracts';

/** "2.5, 5, 7.5 and 15 mg" */
function doseList(doses: readonly string[]): string {
  if (doses.length < 2) return `${doses.join('')} mg`;
  return `${doses.slice(0, -1).join(', ')} and ${doses[doses.length - 1]} mg`;
}

export function formatDollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

interface Props {
  drug: Drug;
  /** Month 1's price in dollars. */
  firstMonthPrice: number;
  busy: boolean;
  onChoose: (drug: Drug) => void;
}

/** One medication on the plan page (spec 000 section 2, question 4). */
export function MedicationCard({ drug, firstMonthPrice, busy, onChoose }: Props) {
  const card = planCards[drug];
  const label = drugLabels[drug];
  const titleId = `plan-card-${drug}`;
  return (
    <article className="med-card" aria-labelledby={titleId} data-drug={drug}>
      <span className="med-card__badge">{card.badge}</span>
      <h2 id={titleId} className="med-card__name">
        {label}
      </h2>
      <ul className="med-card__facts">
        <li>
          <strong>up to {averageLossPercent[drug]}%</strong> weight loss
        </li>
        <li>
          {card.receptors} {card.receptors === 1 ? 'receptor' : 'receptors'}
        </li>
        <li>Doses: {doseList(card.doses)}</li>
      </ul>
      <p className="med-card__price">
        <span className="med-card__from">from {formatDollars(firstMonthPrice)}</span>{' '}
        <span className="med-card__term">for month 1</span>
      </p>
      <button
        type="button"
        className="button med-card__choose"
        disabled={busy}
        onClick={() => onChoose(drug)}
      >
        Choose {label}
      </button>
    </article>
  );
}
