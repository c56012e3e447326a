/**
 * The dose schedule chooser of a `dose_optimization` question (spec 002 section 2, "Dose
 * schedule screen"): one select per month, pre-filled by the parent, with the choices of
 * doseChoices.ts, and the maintenance dose kept after them.
 */
import { Select } from '../ui';
import {
  chooseDose,
  maintenanceOptions,
  monthLabel,
  monthOptions,
  strengthLabel,
  type DoseContext,
} from './doseChoices';

interface Props {
  ctx: DoseContext;
  doses: readonly string[];
  onDosesChange(doses: string[]): void;
  maintenance: string;
  onMaintenanceChange(dose: string): void;
}

export function DoseSchedule({
  ctx,
  doses,
  onDosesChange,
  maintenance,
  onMaintenanceChange,
}: Props) {
  const options = monthOptions(ctx, doses);
  return (
    <div className="mf-doses" data-testid="dose-schedule">
      {doses.map((dose, m) => (
        <Select
          key={m}
          id={`mf-dose-month-${m + 1}`}
          label={monthLabel(m)}
          value={dose}
          onValueChange={(value) => onDosesChange(chooseDose(ctx, doses, m, value))}
          className="mf-doses__row"
        >
          <option value="" disabled>
            Select a dose
          </option>
          {(options[m] ?? []).map((strength) => (
            <option key={strength} value={String(strength)}>
              {strengthLabel(ctx.drug, strength)}
            </option>
          ))}
        </Select>
      ))}
      <Select
        id="mf-dose-maintenance"
        label="Maintenance dose"
        hint="The dose you stay on after these months, if your doctor agrees."
        value={maintenance}
        onValueChange={onMaintenanceChange}
        className="mf-doses__row mf-doses__row--maintenance"
      >
        {maintenanceOptions(ctx.drug).map((strength) => (
          <option key={strength} value={String(strength)}>
            {strength} mg
          </option>
        ))}
      </Select>
    </div>
  );
}
