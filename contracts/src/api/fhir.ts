/**
 * The FHIR R4 export (issue 16): a questionnaire as a FHIR `Questionnaire`, an order's assessment
 * as the `QuestionnaireResponse` that answers it, and a prescription as a `Bundle` of
 * `MedicationRequest`s, one per item. A patient reads their own records (another's is the same
 * 404 as none); clinicians and admins read any, each read written to the audit trail first.
 * The response schemas hold the few fields callers rely on; the services' tests validate the
 * whole resources against the FHIR R4 JSON schema.
 */
import { z } from 'zod';
import { numeric, rowId, text } from './fields';
import { questionnaireNames, type QuestionnaireName } from './forms';
import { defineRoute } from './route';

/** The media type of FHIR's JSON format. */
export const fhirJson = 'application/fhir+json' as const;

/**
 * The canonical URL of one of the clinic's questionnaires: the identity a QuestionnaireResponse
 * cites (`<url>|<version>`), the same wherever the clinic runs.
 */
export function fhirQuestionnaireUrl(name: QuestionnaireName): string {
  return `https://glp-clinic.example/fhir/Questionnaire/${name}`;
}

/** The questionnaire file of each kind of assessment (forms' record names the kind). */
export const questionnaireOfAssessmentForm = {
  mdIntegration: 'medical-integration',
  bareMeds: 'bare-medication',
  refill: 'refill',
} as const satisfies Record<string, QuestionnaireName>;

/** Staff roles that may read a patient's records as FHIR (admins always may). */
export const fhirReaderRoles = ['clinician', 'admin'] as const;

const reference = z.looseObject({ reference: z.string() });

const fhirQuestionnaireSchema = z.looseObject({
  resourceType: z.literal('Questionnaire'),
  url: z.string(),
  version: z.string(),
  status: z.literal('active'),
  title: z.string(),
  item: z.array(z.looseObject({ linkId: z.string(), type: z.string() })),
});

const fhirQuestionnaireResponseSchema = z.looseObject({
  resourceType: z.literal('QuestionnaireResponse'),
  status: z.literal('completed'),
  /** `<Questionnaire url>|<version>`. */
  questionnaire: z.string(),
  subject: reference,
  authored: z.iso.datetime(),
  item: z.array(z.looseObject({ linkId: z.string() })),
});

const fhirMedicationRequestSchema = z.looseObject({
  resourceType: z.literal('MedicationRequest'),
  status: z.enum(['active', 'completed', 'cancelled']),
  intent: z.literal('order'),
  medicationCodeableConcept: z.looseObject({ text: z.string() }),
  subject: reference,
  authoredOn: z.iso.datetime(),
});

export const fhirQuestionnaire = defineRoute({
  method: 'get',
  path: '/api/fhir/Questionnaire/:name',
  service: 'forms',
  responseMediaType: fhirJson,
  auth: 'public',
  summary:
    'One of the three questionnaires as a FHIR R4 Questionnaire (items, answer options, enableWhen from the dependency rules).',
  params: z.object({ name: z.enum(questionnaireNames) }),
  response: fhirQuestionnaireSchema,
});

export const fhirQuestionnaireResponse = defineRoute({
  method: 'get',
  path: '/api/fhir/QuestionnaireResponse/:orderId',
  service: 'clinic',
  responseMediaType: fhirJson,
  auth: 'patient',
  summary:
    "The order's submitted assessment as a FHIR R4 QuestionnaireResponse: the patient's own, or any for a clinician or admin (audited).",
  params: z.object({ orderId: numeric(rowId()) }),
  response: fhirQuestionnaireResponseSchema,
});

export const fhirMedicationRequest = defineRoute({
  method: 'get',
  path: '/api/fhir/MedicationRequest/:prescriptionId',
  service: 'clinic',
  responseMediaType: fhirJson,
  auth: 'patient',
  summary:
    "A prescription as a FHIR R4 Bundle (collection) of MedicationRequests, one per item: the patient's own, or any for a clinician or admin (audited).",
  params: z.object({ prescriptionId: text(100) }),
  response: z.looseObject({
    resourceType: z.literal('Bundle'),
    type: z.literal('collection'),
    entry: z.array(z.looseObject({ resource: fhirMedicationRequestSchema })),
  }),
});
