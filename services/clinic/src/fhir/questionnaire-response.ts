/**
 * An order's assessment (forms' record, answers in words) as the FHIR R4 QuestionnaireResponse
 * that answers the FHIR Questionnaire forms publishes (GET /api/fhir/Questionnaire/{name}): each
 * answered question an item whose linkId is the question's id, its answer as the patient gave it
 * in words (`valueString`; an upload as `valueAttachment` titled with the file's name), and its
 * follow-ups nested under the answer that opened them, as FHIR nests a question's children.
 */
import {
  fhirQuestionnaireUrl,
  questionnaireNames,
  questionnaireOfAssessmentForm,
  type AssessmentRecord,
  type QuestionnaireName,
} from '@clinic/contracts';

export type FhirAnswer = ({ valueString: string } | { valueAttachment: { title: string } }) & {
  item?: FhirResponseItem[];
};

export type FhirResponseItem = {
  linkId: string;
  text: string;
  answer?: FhirAnswer[];
};

export type FhirQuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse';
  id: string;
  questionnaire: string;
  status: 'completed';
  subject: { reference: string };
  authored: string;
  item: FhirResponseItem[];
};

/** `Patient/<id>`: the patient's health id once the clinic opened their record, else their account. */
export function patientReference(userId: number, healthId: string | null): { reference: string } {
  return { reference: `Patient/${healthId ?? userId}` };
}

/** The canonical of the questionnaire version the patient answered: `<url>|<version>`. */
export function questionnaireCanonical(record: AssessmentRecord): string {
  const name = questionnaireNames.includes(record.questionnaireName as QuestionnaireName)
    ? (record.questionnaireName as QuestionnaireName)
    : questionnaireOfAssessmentForm[record.form];
  return `${fhirQuestionnaireUrl(name)}|${record.questionnaireVersion}`;
}

export function toQuestionnaireResponse(
  record: AssessmentRecord,
  subject: { reference: string },
): FhirQuestionnaireResponse {
  const uploads = new Set(record.files.map((f) => f.fileName));
  const answerOf = (words: string): FhirAnswer =>
    uploads.has(words) ? { valueAttachment: { title: words } } : { valueString: words };
  const item = record.answers.flatMap((answer): FhirResponseItem[] => {
    const followUps = answer.followUps
      .filter((f) => f.answer.trim() !== '')
      .map((f) => ({
        linkId: f.questionId,
        text: f.question,
        answer: [answerOf(f.answer)],
      }));
    // An optional question left empty (no upload) is not an answer.
    if (answer.answer.trim() === '') return [];
    const given = answerOf(answer.answer);
    return [
      {
        linkId: answer.questionId,
        text: answer.question,
        answer: [followUps.length > 0 ? { ...given, item: followUps } : given],
      },
    ];
  });
  return {
    resourceType: 'QuestionnaireResponse',
    id: String(record.orderId),
    questionnaire: questionnaireCanonical(record),
    status: 'completed',
    subject,
    authored: record.submittedAt,
    item,
  };
}
