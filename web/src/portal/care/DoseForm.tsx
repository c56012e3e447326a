/**
 * "I took my dose": the day taken (today in the patient's time zone by default, no later), the
 * strength (the dose's own, prefilled), the site (the suggested one) and, if they like, their
 * weight. Checked with the contract's schema, then POST /api/care/doses for the card's order;
 * the card, the dose log and the weights refresh (careApi).
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  injectionSiteLabels,
  injectionSites,
  logDoseRequestSchema,
  type InjectionSite,
} from '@clinic/contracts';
import { Button, Field, FormMessage, Select, useAsyncAction } from '../../ui';
import { postDose, refusalText } from './careApi';
import { fieldIssues } from './fieldIssues';
import { careTexts, todayIn } from './careTexts';

export interface DoseFormProps {
  orderId: number;
  strength: number | null;
  site: InjectionSite;
  /** The patient's saved time zone: "today" is theirs. */
  timeZone: string;
  onDone(): void;
}

export function DoseForm({ orderId, strength, site, timeZone, onDone }: DoseFormProps) {
  const client = useQueryClient();
  const today = todayIn(timeZone);
  const [takenOn, setTakenOn] = useState(today);
  const [mg, setMg] = useState(strength === null ? '' : String(strength));
  const [usedSite, setUsedSite] = useState<InjectionSite>(site);
  const [weight, setWeight] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const { busy, error, run } = useAsyncAction(onDone);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = logDoseRequestSchema.safeParse({
      order_id: orderId,
      taken_on: takenOn,
      strength: mg.trim(),
      site: usedSite,
      weight_lbs: weight.trim() === '' ? null : weight.trim(),
    });
    const found = checked.success ? {} : fieldIssues(checked.error.issues);
    if (!found.taken_on && takenOn > today) found.taken_on = careTexts.notFuture;
    setErrors(found);
    if (!checked.success || Object.keys(found).length > 0) return;
    await run(async () => {
      try {
        await postDose(client, checked.data);
      } catch (failure) {
        throw new Error(refusalText(failure));
      }
    }, 'logged');
  };

  return (
    <form className="care-form care-dose" noValidate onSubmit={(event) => void submit(event)}>
      <div className="care-form__row">
        <Field
          label={careTexts.dayTaken}
          type="date"
          value={takenOn}
          max={today}
          onValueChange={setTakenOn}
          error={errors.taken_on}
          required
        />
        <Field
          label={careTexts.strengthMg}
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          value={mg}
          onValueChange={setMg}
          error={errors.strength}
          required
        />
      </div>
      <Select
        label={careTexts.siteUsed}
        value={usedSite}
        onValueChange={(value) => {
          const chosen = injectionSites.find((s) => s === value);
          if (chosen) setUsedSite(chosen);
        }}
        error={errors.site}
      >
        {injectionSites.map((s) => (
          <option key={s} value={s}>
            {injectionSiteLabels[s]}
          </option>
        ))}
      </Select>
      <Field
        label={careTexts.weight}
        hint={careTexts.weightHint}
        type="number"
        inputMode="decimal"
        min="50"
        max="999"
        step="any"
        value={weight}
        onValueChange={setWeight}
        error={errors.weight_lbs}
      />
      <FormMessage kind="error">{error}</FormMessage>
      <div className="care-form__actions">
        <Button type="submit" busy={busy} busyLabel={careTexts.savingDose}>
          {careTexts.saveDose}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {careTexts.cancel}
        </Button>
      </div>
    </form>
  );
}
