/**
 * The assessment's submission body (spec 002 section 3, "Assessment submission payload"; section
 * 5, "Submission content"), built from the questions asked and their answers with the contracts'
 * rules: one item per answered question asked (follow-ups with their parent; the uploads in
 * `images` rather than `answers`), the doses chosen (the starter schedule when one is missing), the additional details
 * and, on first-time forms, the special necessities.
 */
import {
  additionalDetails,
  askedSequence,
  drugLabels,
  fillMissingDoses,
  parseStrength,
  specialNecessities,
  type AskedQuestion,
  type AssessmentSubmission,
  type Drug,
  type FlowContext,
  type QuestionnaireFile,
  type SubmittedAnswer,
} from '@clinic/contracts';
import type { FormNumber } from './loaderState';
import type { StoredAnswer } from './progressStore';

export interface PatientInfo {
  first_name?: string;
  last_name?: string;
  email?: string;
  gender: 'Male' | 'Female' | null;
  state: string;
}

export interface SubmissionInput {
  file: QuestionnaireFile;
  ctx: FlowContext;
  answers: Readonly<Record<string, StoredAnswer | undefined>>;
  formId: string;
  form: FormNumber;
  drug: Drug;
  paymentTerms: number;
  /** The strength chosen per month ("2.5"); '' for none. */
  doses: readonly string[];
  maintenance: string;
  patient: PatientInfo;
}

/** The form's name on the wire: bare medication is 'bareMeds', the others 'mdIntegration'. */
export const frmNameOf = (form: FormNumber) => (form === 2 ? 'bareMeds' : 'mdIntegration');

function answered(answer: StoredAnswer | undefined): answer is StoredAnswer {
  if (answer === undefined) return false;
  return typeof answer === 'string' ? answer.trim() !== '' : answer.length > 0;
}

function typeOf(question: AskedQuestion): SubmittedAnswer['type'] {
  if (question.question_type === 'image_upload' || question.question_type === 'file')
    return 'image_upload';
  return question.question_type === 'integer' ? 'number' : 'string';
}

const isUpload = (q: AskedQuestion) =>
  q.question_type === 'image_upload' || q.question_type === 'file';

function displayedOptions(question: AskedQuestion): string[] | undefined {
  if (question.options?.length) return question.options.map((o) => o.title);
  if (question.show_array?.length) return question.show_array.map((i) => i.main_txt);
  return undefined;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The answered questions asked, in the order asked, as the submission's items. */
export function answerItems(input: Pick<SubmissionInput, 'file' | 'ctx' | 'answers'>) {
  const items: { item: SubmittedAnswer; upload: boolean }[] = [];
  for (const step of askedSequence(input.file, input.ctx, input.answers)) {
    const { question } = step;
    const answer = input.answers[question.id];
    if (question.question_type === 'informational' || !answered(answer)) continue;
    const item: SubmittedAnswer = withoutUndefined({
      id: question.id,
      question: question.question,
      label: question.label,
      answer: typeof answer === 'string' ? answer : [...answer],
      type: typeOf(question),
      description: question.description,
      important: question.important ?? false,
      is_critical: question.is_critical ?? false,
      displayed_options: displayedOptions(question),
      metadata: step.parentId
        ? {
            parentId: step.parentId,
            parentAnswer: step.parentAnswer ?? undefined,
            isFollowUp: true,
          }
        : undefined,
    });
    items.push({ item, upload: isUpload(question) });
  }
  return items;
}

/** The body of POST /api/submit-md-form or /api/submit-bare-form. */
export function buildSubmission(input: SubmissionInput): AssessmentSubmission {
  const items = answerItems(input);
  // Only what was asked counts: an answer left behind by a changed earlier answer is not sent.
  const asked: Record<string, StoredAnswer> = Object.fromEntries(
    items.map(({ item }) => [item.id, input.answers[item.id] as StoredAnswer]),
  );
  const chosen = input.doses.map((d) => (d === '' ? null : parseStrength(d)));
  const complete = chosen.length > 0 && chosen.every((d) => d !== null);
  const filled = fillMissingDoses(input.drug, chosen);
  const maintenance = parseStrength(input.maintenance);
  const body: AssessmentSubmission = {
    // The server reads answers and images as one set and refuses a question given twice.
    answers: items.filter((i) => !i.upload).map((i) => i.item),
    images: items.filter((i) => i.upload).map((i) => i.item),
    patientPreference: filled.months,
    additional_details: additionalDetails(asked, input.patient.gender),
    form_id: input.formId,
    userInfo: withoutUndefined({
      first_name: input.patient.first_name,
      last_name: input.patient.last_name,
      email: input.patient.email,
      gender: input.patient.gender ?? undefined,
      state: input.patient.state,
    }),
    paymentTerms: input.paymentTerms,
    maintanenceDose: complete && maintenance !== null ? maintenance : filled.maintenance,
    productPurchased: drugLabels[input.drug],
    isRefil: input.form === 3,
    frmName: frmNameOf(input.form),
  };
  if (input.form !== 3) body.special_necessities = specialNecessities(input.file, asked);
  return body;
}
