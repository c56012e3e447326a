/**
 * What a question asks for, by type (spec 002 section 2, "Question types"): option buttons that
 * answer and move on (consent, single_option, dose_radio_more), checkboxes and Next
 * (multiple_option), a text box or input and Next (Enter never submits), the image uploader,
 * Confirm and Back, an informational Next (none on a stop screen) and the dose schedule.
 * Next is enabled only when the contracts' `mayProceed` allows the answer and no other answer
 * conflicts with it (a goal weight at or above the current weight).
 */
import type { KeyboardEvent } from 'react';
import {
  conflictingAnswerProblem,
  mayProceed,
  numberRangeText,
  toggleOption,
  type Answer,
  type AskedQuestion,
} from '@clinic/contracts';
import { Button, Checkbox, Field } from '../ui';
import { DoseSchedule } from './DoseSchedule';
import { doseAnswer, type DoseContext } from './doseChoices';
import { ImageUploader } from './ImageUploader';
import type { StoredAnswer } from './progressStore';

export interface QuestionBodyProps {
  question: AskedQuestion;
  /** The id of the question's heading, which names its controls. */
  labelId: string;
  draft: StoredAnswer | null;
  onDraftChange(answer: StoredAnswer): void;
  /** Records `answer` and moves on. */
  onAnswer(answer: StoredAnswer): void;
  /** Moves on from a question that records no answer (informational). */
  onContinue(): void;
  /** An option marked as a back button, or Back of Confirm and Back. */
  onBack(): void;
  /** The patient's answer to another question, by its key (the goal weight reads the current). */
  answerOf(key: string): Answer | undefined;
  formId: string;
  dose: {
    ctx: DoseContext;
    doses: readonly string[];
    onDosesChange(doses: string[]): void;
    maintenance: string;
    onMaintenanceChange(dose: string): void;
  };
}

const blockEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

const sorted = (question: AskedQuestion) =>
  [...(question.options ?? [])].sort((a, b) => a.order - b.order);

function NextButton({ enabled, onClick }: { enabled: boolean; onClick(): void }) {
  return (
    <Button id="mf-next" className="mf-next" onClick={onClick} disabled={!enabled}>
      Next
    </Button>
  );
}

/** A number within the questionnaire's bounds, said before typing; what is wrong after. */
function IntegerAnswer(props: QuestionBodyProps & { text: string; onNext(): void }) {
  const { question, text } = props;
  const next = props.onNext;
  // The questionnaire's bounds, said before typing; what is wrong with a typed answer after.
  const range = numberRangeText(question);
  const typed = text.trim() !== '';
  const conflict = conflictingAnswerProblem(question, text, props.answerOf);
  const error = !typed
    ? undefined
    : !mayProceed(question, text)
      ? `Please enter ${range}.`
      : (conflict ?? undefined);
  return (
    <>
      <Field
        id="mf-answer"
        label={<span className="visually-hidden">{question.label}</span>}
        className="mf-input"
        placeholder={question.placeholder}
        value={text}
        inputMode="numeric"
        maxLength={9}
        autoComplete="off"
        hint={error ? undefined : `Enter ${range}.`}
        error={error}
        onKeyDown={blockEnter}
        onValueChange={props.onDraftChange}
      />
      <NextButton enabled={typed && error === undefined} onClick={next} />
    </>
  );
}

/** A photo or file: the uploader, and Skip (optional) or Keep my uploaded image. */
function UploadAnswer(props: QuestionBodyProps & { text: string }) {
  const { question, text } = props;
  return (
    <>
      <ImageUploader
        key={question.id}
        formId={props.formId}
        questionKey={question.question}
        accept={question.file_type}
        onUploaded={props.onAnswer}
      />
      {(question.is_optional || text !== '') && (
        <Button
          variant="secondary"
          className="mf-next"
          onClick={() => (text !== '' ? props.onAnswer(text) : props.onContinue())}
        >
          {text !== '' ? 'Keep my uploaded image' : 'Skip'}
        </Button>
      )}
    </>
  );
}

/** A dose with its explanation, one button each. */
function DoseRadioAnswer(props: QuestionBodyProps) {
  const { question, draft, labelId } = props;
  return (
    <div className="mf-options" role="group" aria-labelledby={labelId}>
      {(question.show_array ?? []).map((item) => (
        <button
          key={item.main_txt}
          type="button"
          className="mf-option mf-option--two-line"
          aria-pressed={draft === item.main_txt}
          onClick={() => props.onAnswer(item.main_txt)}
        >
          <span className="mf-option__main">{item.main_txt}</span>
          {item.sub_txt && <span className="mf-option__sub">{item.sub_txt}</span>}
        </button>
      ))}
    </div>
  );
}

export function QuestionBody(props: QuestionBodyProps) {
  const { question, draft, labelId } = props;
  const text = typeof draft === 'string' ? draft : '';
  const chosen = Array.isArray(draft) ? draft : [];
  const next = () => {
    if (draft !== null && mayProceed(question, draft)) props.onAnswer(draft);
  };

  switch (question.question_type) {
    case 'consent':
    case 'single_option':
      return (
        <div className="mf-options" role="group" aria-labelledby={labelId}>
          {sorted(question).map((option) => (
            <button
              key={option.title}
              type="button"
              className="mf-option"
              aria-pressed={draft === option.title}
              onClick={() =>
                option.is_back_button ? props.onBack() : props.onAnswer(option.title)
              }
            >
              {option.title}
            </button>
          ))}
        </div>
      );

    case 'dose_radio_more':
      return <DoseRadioAnswer {...props} />;

    case 'multiple_option':
      return (
        <>
          <div className="mf-options" role="group" aria-labelledby={labelId}>
            {sorted(question).map((option) => (
              <Checkbox
                key={option.title}
                label={option.title}
                labelClassName="mf-check"
                checked={chosen.includes(option.title)}
                onCheckedChange={() => props.onDraftChange(toggleOption(chosen, option.title))}
              />
            ))}
          </div>
          <NextButton enabled={mayProceed(question, chosen)} onClick={next} />
        </>
      );

    case 'text':
    case 'textarea':
      return (
        <>
          <textarea
            id="mf-answer"
            className="field__input mf-textarea"
            aria-labelledby={labelId}
            placeholder={question.placeholder}
            value={text}
            rows={5}
            maxLength={5000}
            onKeyDown={blockEnter}
            onChange={(event) => props.onDraftChange(event.target.value)}
          />
          <NextButton enabled={mayProceed(question, text)} onClick={next} />
        </>
      );

    case 'string':
      return (
        <>
          <Field
            id="mf-answer"
            label={<span className="visually-hidden">{question.label}</span>}
            className="mf-input"
            placeholder={question.placeholder}
            value={text}
            maxLength={500}
            autoComplete="off"
            onKeyDown={blockEnter}
            onValueChange={props.onDraftChange}
          />
          <NextButton enabled={mayProceed(question, text)} onClick={next} />
        </>
      );

    case 'integer':
      return <IntegerAnswer {...props} text={text} onNext={next} />;

    case 'image_upload':
    case 'file':
      return <UploadAnswer {...props} text={text} />;

    case 'confirmation_buttons':
      return (
        <div className="mf-actions">
          <Button
            id="mf-confirm"
            onClick={() => props.onAnswer(question.options?.[0]?.title ?? 'Confirm')}
          >
            Confirm
          </Button>
          <Button id="mf-confirm-back" variant="secondary" onClick={props.onBack}>
            Back
          </Button>
        </div>
      );

    case 'informational':
      return question.has_next_button === false ? null : (
        <NextButton enabled onClick={props.onContinue} />
      );

    case 'dose_optimization': {
      const { dose } = props;
      return (
        <>
          <DoseSchedule
            ctx={dose.ctx}
            doses={dose.doses}
            onDosesChange={dose.onDosesChange}
            maintenance={dose.maintenance}
            onMaintenanceChange={dose.onMaintenanceChange}
          />
          <NextButton
            enabled={mayProceed(question, doseAnswer(dose.doses))}
            onClick={() => props.onAnswer(doseAnswer(dose.doses))}
          />
        </>
      );
    }

    default:
      return <NextButton enabled onClick={props.onContinue} />;
  }
}
