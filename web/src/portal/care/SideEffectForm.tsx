/**
 * "Report a side effect" (issue 31, item 4): what the patient notices (the contract's list), how
 * bad and how long, and the red-flag signs asked of everyone (unticked by default). Checked with
 * the contract's schema, so a missing answer is refused before anything is sent; then POST
 * /api/care/side-effects for the order, and the triage's answer (SideEffectAnswer) takes the
 * form's place. A refusal (a 400, or a 404 for an order that is not the patient's) shows under
 * the button. Loaded on demand (ReportSideEffect), so none of it comes with the card.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  reportSideEffectRequestSchema,
  sideEffectDurationLabels,
  sideEffectDurations,
  sideEffectRedFlagLabels,
  sideEffectRedFlags,
  sideEffectSeverities,
  sideEffectSeverityLabels,
  sideEffectSymptomLabels,
  sideEffectSymptoms,
  type SideEffectRedFlag,
  type SideEffectReport,
} from '@clinic/contracts';
import { Button, Checkbox, FormMessage, Select, useAsyncAction } from '../../ui';
import { SideEffectAnswer, type HeadingLevel } from './SideEffectAnswer';
import { postSideEffect, refusalText } from './careApi';
import { fieldIssues } from './fieldIssues';
import { sideEffectTexts as texts } from './sideEffectTexts';

/** One answer out of a few, as radio buttons: the whole line is the tap target. */
function Choices<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  value: string;
  onChange(value: T): void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="care-choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="check care-choices__option">
          <input
            type="radio"
            name={id}
            value={option}
            checked={value === option}
            aria-invalid={error ? true : undefined}
            onChange={() => onChange(option)}
          />
          <span>{labels[option]}</span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** "Do you have any of these?": every red flag, none ticked unless the patient ticks it. */
function RedFlags({
  ticked,
  onChange,
  error,
}: {
  ticked: readonly SideEffectRedFlag[];
  onChange(ticked: SideEffectRedFlag[]): void;
  error?: string;
}) {
  const id = useId();
  const describedBy = error ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <fieldset className="care-choices" aria-describedby={describedBy}>
      <legend className="field__label">{texts.redFlags}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {texts.noneOfThese}
      </p>
      {sideEffectRedFlags.map((flag) => (
        <Checkbox
          key={flag}
          label={sideEffectRedFlagLabels[flag]}
          labelClassName="care-choices__option"
          checked={ticked.includes(flag)}
          onCheckedChange={(on) =>
            // Kept in the contract's order, whatever order they are ticked in.
            onChange(sideEffectRedFlags.filter((f) => (f === flag ? on : ticked.includes(f))))
          }
        />
      ))}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export interface SideEffectFormProps {
  /** The order the report is about (the "This week" card's). */
  orderId: number;
  /** The level of its heading, under the heading of where it opens. */
  level?: HeadingLevel;
  /** On Cancel, or Done after the answer. */
  onDone(): void;
}

export function SideEffectForm({ orderId, level = 3, onDone }: SideEffectFormProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [symptom, setSymptom] = useState('');
  const [severity, setSeverity] = useState('');
  const [duration, setDuration] = useState('');
  const [redFlags, setRedFlags] = useState<SideEffectRedFlag[]>([]);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [answer, setAnswer] = useState<SideEffectReport | null>(null);
  const { busy, error, run } = useAsyncAction(() => undefined);
  const Heading = `h${level}` as const;

  // Opened from a button that is gone now: the form's heading takes the focus.
  useEffect(() => titleRef.current?.focus(), []);

  // A refused answer: the first question to fix takes the focus.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = reportSideEffectRequestSchema.safeParse({
      order_id: orderId,
      symptom: symptom || undefined,
      severity: severity || undefined,
      duration: duration || undefined,
      red_flags: redFlags,
    });
    setErrors(checked.success ? {} : fieldIssues(checked.error.issues));
    if (!checked.success) return;
    await run(async () => {
      try {
        setAnswer(await postSideEffect(checked.data));
      } catch (failure) {
        throw new Error(refusalText(failure));
      }
    }, 'sent');
  };

  return (
    <section className="care-effect" aria-labelledby={titleId}>
      {answer ? (
        <SideEffectAnswer report={answer} titleId={titleId} level={level} onDone={onDone} />
      ) : (
        <>
          <Heading id={titleId} ref={titleRef} tabIndex={-1} className="care-effect__title">
            {texts.title}
          </Heading>
          <p className="care-effect__lead">{texts.emergency}</p>
          <form
            ref={formRef}
            className="care-form"
            noValidate
            onSubmit={(event) => void submit(event)}
          >
            <Select
              label={texts.symptom}
              value={symptom}
              onValueChange={setSymptom}
              error={errors.symptom}
              required
            >
              <option value="">{texts.chooseOne}</option>
              {sideEffectSymptoms.map((s) => (
                <option key={s} value={s}>
                  {sideEffectSymptomLabels[s]}
                </option>
              ))}
            </Select>
            <Choices
              legend={texts.severity}
              options={sideEffectSeverities}
              labels={sideEffectSeverityLabels}
              value={severity}
              onChange={setSeverity}
              error={errors.severity}
            />
            <Choices
              legend={texts.duration}
              options={sideEffectDurations}
              labels={sideEffectDurationLabels}
              value={duration}
              onChange={setDuration}
              error={errors.duration}
            />
            <RedFlags ticked={redFlags} onChange={setRedFlags} error={errors.red_flags} />
            <FormMessage kind="error">{error}</FormMessage>
            <div className="care-form__actions">
              <Button type="submit" busy={busy} busyLabel={texts.sending}>
                {texts.send}
              </Button>
              <Button variant="secondary" onClick={onDone} disabled={busy}>
                {texts.cancel}
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}

export default SideEffectForm;
