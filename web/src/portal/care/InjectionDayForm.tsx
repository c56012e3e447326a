/**
 * The injection day form of the "This week" card: a weekday, a wall time and the browser's time
 * zone (shown, and sent as time_zone), checked with the contract's schema before it is sent. A
 * refusal (a time the clocks skip on a daylight-saving night, say) shows under the button.
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  injectionDaySchema,
  injectionWeekdays,
  type InjectionDaySetting,
  type InjectionWeekday,
} from '@clinic/contracts';
import { Button, Field, FormMessage, Select, useAsyncAction } from '../../ui';
import { refusalText, saveDay } from './careApi';
import { fieldIssues } from './fieldIssues';
import { browserTimeZone, careTexts, weekdayLabel } from './careTexts';

/** "9:00" → "09:00", as an input of type time wants it. */
function inputTime(time: string | undefined): string {
  if (!time) return '09:00';
  return time.length === 4 ? `0${time}` : time;
}

export function InjectionDayForm({
  saved,
  onDone,
}: {
  /** The day saved before, when the patient changes it. */
  saved: InjectionDaySetting | null;
  /** After saving, or on Cancel (offered only with a saved day). */
  onDone?: () => void;
}) {
  const client = useQueryClient();
  const [weekday, setWeekday] = useState<InjectionWeekday>(saved?.weekday ?? 'sunday');
  const [time, setTime] = useState(inputTime(saved?.time));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const { busy, error, run } = useAsyncAction(() => onDone?.());
  const zone = browserTimeZone();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = injectionDaySchema.safeParse({ weekday, time, time_zone: zone });
    setErrors(checked.success ? {} : fieldIssues(checked.error.issues));
    if (!checked.success) return;
    await run(async () => {
      try {
        await saveDay(client, checked.data);
      } catch (failure) {
        throw new Error(refusalText(failure));
      }
    }, 'saved');
  };

  return (
    <form className="care-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="care-form__row">
        <Select
          label={careTexts.weekday}
          value={weekday}
          onValueChange={(value) => {
            const day = injectionWeekdays.find((d) => d === value);
            if (day) setWeekday(day);
          }}
          error={errors.weekday}
        >
          {injectionWeekdays.map((day) => (
            <option key={day} value={day}>
              {weekdayLabel(day)}
            </option>
          ))}
        </Select>
        <Field
          label={careTexts.time}
          type="time"
          value={time}
          onValueChange={setTime}
          error={errors.time}
          required
        />
      </div>
      <p className="care-form__zone">{careTexts.timeZone(zone)}</p>
      {saved && <p className="care-form__zone">{careTexts.changeGap}</p>}
      {errors.time_zone && <FormMessage kind="error">{errors.time_zone}</FormMessage>}
      <FormMessage kind="error">{error}</FormMessage>
      <div className="care-form__actions">
        <Button type="submit" busy={busy} busyLabel={careTexts.savingDay}>
          {careTexts.saveDay}
        </Button>
        {saved && onDone && (
          <Button variant="secondary" onClick={onDone} disabled={busy}>
            {careTexts.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
