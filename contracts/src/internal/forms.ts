/**
 * What the clinic asks forms within one request (FormsRecords, issue 16): an order's assessment as
 * the clinician reads it, and short-lived signed reads of the files a case holds. In cluster mode
 * these go over HTTP to forms' internal routes with the cluster's internal token; the clinic
 * audits every staff read before it asks.
 */
import { z } from 'zod';
import { careRecordSchema } from '../api/care';
import { caseAnswerSchema, caseFileSchema } from '../api/clinic';

export const assessmentRecordRequestSchema = z.object({ orderId: z.number().int().positive() });

export const assessmentRecordSchema = z.object({
  orderId: z.number().int(),
  userId: z.number().int(),
  form: z.enum(['mdIntegration', 'bareMeds', 'refill']),
  questionnaireName: z.string(),
  questionnaireVersion: z.string(),
  submittedAt: z.iso.datetime(),
  /** The questions the patient was asked, in order, with their answers in words. */
  answers: z.array(caseAnswerSchema),
  specialNecessities: z.array(z.string()),
  allergies: z.string().nullable(),
  medications: z.string().nullable(),
  /** Other medical conditions and surgeries, when the form asks them. */
  conditions: z.string().nullable(),
  /** From the answers when the form asks them (the refill form asks the current weight). */
  weightPounds: z.number().nullable(),
  doseSchedulePreference: z.array(z.number()),
  maintenancePreference: z.number().nullable(),
  /** Answer photos, the identity video and dose-adjustment photos of the order. */
  files: z.array(caseFileSchema),
});
export type AssessmentRecord = z.infer<typeof assessmentRecordSchema>;
export const assessmentRecordResponseSchema = z.object({
  record: assessmentRecordSchema.nullable(),
});

export const fileReadRequestSchema = z.object({
  orderId: z.number().int().positive(),
  fileName: z.string().min(1).max(200),
});
export const fileReadResponseSchema = z.object({
  /** Null when the file is not one of the order's. */
  read: z.object({ url: z.string(), expiresAt: z.iso.datetime() }).nullable(),
});
export type FileRead = NonNullable<z.infer<typeof fileReadResponseSchema>['read']>;

/**
 * A patient's own upload used outside the medical form (fulfilment's reship photo): is it theirs,
 * uploaded, and an image within 5 MB by its content? And, for staff, a signed read of it.
 */
export const patientImageRequestSchema = z.object({
  userId: z.number().int().positive(),
  fileName: z.string().min(1).max(300),
});
export const patientImageChecks = ['ok', 'missing', 'too-large', 'not-an-image'] as const;
export type PatientImageCheck = (typeof patientImageChecks)[number];
export const patientImageCheckResponseSchema = z.object({ check: z.enum(patientImageChecks) });

/**
 * A patient's own upload attached to a message to their clinician (the doctor chat): is it
 * theirs, uploaded, within 5 MB and, by its bytes, one of the chat's kinds (spec 002: pdf, doc,
 * docx, txt, jpg, jpeg, png, gif, mp4, avi, mov) that its name and content type claim? A JPEG is
 * `jpg`. And a signed read of any of the patient's checked uploads.
 */
export const patientFileRequestSchema = patientImageRequestSchema;
export const patientAttachmentKinds = [
  'pdf',
  'doc',
  'docx',
  'txt',
  'jpg',
  'png',
  'gif',
  'mp4',
  'avi',
  'mov',
] as const;
export type PatientAttachmentKind = (typeof patientAttachmentKinds)[number];
export const patientAttachmentProblems = ['missing', 'too-large', 'not-allowed'] as const;
export type PatientAttachmentProblem = (typeof patientAttachmentProblems)[number];
export const patientAttachmentCheckSchema = z.union([
  z.object({
    check: z.literal('ok'),
    kind: z.enum(patientAttachmentKinds),
    /** The Content-Type of the kind its bytes show (image/jpeg for a jpg). */
    contentType: z.string(),
    /** Bytes stored. */
    size: z.number().int().positive(),
  }),
  z.object({ check: z.enum(patientAttachmentProblems) }),
]);
export type PatientAttachmentCheck = z.infer<typeof patientAttachmentCheckSchema>;
/** The internal route answers the check itself. */
export const patientAttachmentCheckResponseSchema = patientAttachmentCheckSchema;

/** An order's care between shipments, for the clinician's case view (issue 31). */
export const careRecordRequestSchema = z.object({ orderId: z.number().int().positive() });
export const careRecordResponseSchema = z.object({ record: careRecordSchema.nullable() });

export const formsInternalPaths = {
  careRecord: '/internal/forms/care-record',
  assessmentRecord: '/internal/forms/assessment-record',
  fileRead: '/internal/forms/file-read',
  patientImageCheck: '/internal/forms/patient-image-check',
  patientImageRead: '/internal/forms/patient-image-read',
  patientAttachmentCheck: '/internal/forms/patient-attachment-check',
  patientFileRead: '/internal/forms/patient-file-read',
} as const;
