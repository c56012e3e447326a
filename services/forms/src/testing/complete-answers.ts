/**
 * A complete, acceptable set of answers to a questionnaire, as a patient with nothing to report
 * would give them: "No" (or the "none" option) where there is one, otherwise the first option
 * that does not stop the application, plain numbers and text (a goal weight below the current
 * one), and the pre-filled dose schedule.
 * `given` answers are kept, and the questions they open are answered too.
 */
import {
  answerByKey,
  askedSequence,
  currentTreatment,
  defaultSchedule,
  questionKeys,
  type AskedQuestion,
  type Answers,
  type Drug,
  type FlowContext,
  type QuestionnaireFile,
} from '@clinic/contracts';

function defaultAnswer(
  file: QuestionnaireFile,
  question: AskedQuestion,
  answers: Answers,
  drug: Drug,
): string | string[] | undefined {
  const options = (question.options ?? []).filter((o) => !o.is_critical && !o.is_back_button);
  const no = options.find((o) => o.title === 'No' || o.title.startsWith('No - I affirm'));
  const none = options.find((o) => o.title.toLowerCase().includes('none'));
  switch (question.question_type) {
    case 'consent':
    case 'single_option':
      return (no ?? options[0])?.title;
    case 'multiple_option':
      return [(none ?? options[0])?.title ?? ''];
    case 'text':
    case 'textarea':
    case 'string':
      return 'Nothing to add';
    case 'integer': {
      // A weight, the goal 20 lbs below the current one; a smaller scale (motion sickness, 1 to
      // 10) gets its lowest value.
      if (question.question === questionKeys.goalWeight)
        return String(
          Math.max(
            question.min ?? 0,
            Number(answerByKey(file, answers)(questionKeys.currentWeight) ?? 180) - 20,
          ),
        );
      return question.max === undefined || question.max >= 180 ? '180' : String(question.min);
    }
    case 'dose_radio_more':
      return question.show_array?.[0]?.main_txt;
    case 'image_upload':
    case 'file':
      return question.is_optional ? undefined : `upload-${question.question}.jpg`;
    case 'confirmation_buttons':
      return 'Confirm';
    case 'dose_optimization':
      return defaultSchedule(drug, currentTreatment(answers)).map(String);
    default:
      return undefined;
  }
}

export function completeAnswers(
  file: QuestionnaireFile,
  ctx: FlowContext,
  drug: Drug,
  given: Record<string, string | string[]> = {},
): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = { ...given };
  for (let round = 0; round < 50; round += 1) {
    let added = false;
    for (const { question } of askedSequence(file, ctx, answers)) {
      if (answers[question.id] !== undefined) continue;
      const answer = defaultAnswer(file, question, answers, drug);
      if (answer === undefined) continue;
      answers[question.id] = answer;
      added = true;
    }
    if (!added) break;
  }
  // Answers to questions no longer asked (a choice changed what follows) are dropped.
  const asked = new Set(askedSequence(file, ctx, answers).map((s) => s.question.id));
  return Object.fromEntries(Object.entries(answers).filter(([id]) => asked.has(id)));
}

/** A submission body with those answers. */
export function submissionOf(orderId: number, answers: Record<string, string | string[]>) {
  return {
    answers: Object.entries(answers).map(([id, answer]) => ({ id, answer })),
    images: [],
    form_id: orderId,
  };
}
