import type { StepProps } from './types';

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Step 8: date of birth. The year box's min/max (1950 to 2024) are the spec's attribute range;
 * the rule itself accepts 1924 to this year, and the form skips native validation so the rule
 * decides (spec 000 section 5).
 */
export function DobStep({ draft, update }: StepProps) {
  return (
    <fieldset className="quiz-fieldset">
      <legend className="quiz-field__label">Date of birth</legend>
      <div className="quiz-row quiz-row--dob">
        <div className="quiz-field">
          <label className="quiz-field__sublabel" htmlFor="intake-dob-month">
            Month
          </label>
          <select
            id="intake-dob-month"
            className="quiz-input"
            autoComplete="bday-month"
            value={draft.dobMonth}
            onChange={(event) => update({ dobMonth: event.target.value })}
          >
            <option value="">Month</option>
            {months.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="quiz-field">
          <label className="quiz-field__sublabel" htmlFor="intake-dob-day">
            Day
          </label>
          <input
            id="intake-dob-day"
            type="number"
            inputMode="numeric"
            className="quiz-input"
            autoComplete="bday-day"
            placeholder="DD"
            min={1}
            max={31}
            value={draft.dobDay}
            onChange={(event) => update({ dobDay: event.target.value })}
          />
        </div>
        <div className="quiz-field">
          <label className="quiz-field__sublabel" htmlFor="intake-dob-year">
            Year
          </label>
          <input
            id="intake-dob-year"
            type="number"
            inputMode="numeric"
            className="quiz-input"
            autoComplete="bday-year"
            placeholder="YYYY"
            min={1950}
            max={2024}
            value={draft.dobYear}
            onChange={(event) => update({ dobYear: event.target.value })}
          />
        </div>
      </div>
    </fieldset>
  );
}
