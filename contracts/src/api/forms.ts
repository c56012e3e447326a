/**
 * The forms service's calls of spec 002 (section 7): the form loader's order, the questionnaire
 * files, the assessment submissions and Process Refund. Field names are the spec's, typos
 * included (`maintanenceDose`, `isRefil`).
 */
import { z } from 'zod';
import { drugs } from '../constants/catalog';
import { questionnaireFileSchema } from '../forms/questionnaire';
import { int, multilineText, numeric, rowId, text } from './fields';
import { defineRoute } from './route';
import { attachmentDocumentTypes } from '../rules/uploads';

/** Spec 002 section 4 and 8, verbatim: the two /sorry messages of the form loader. */
export const formsMessages = {
  orderNotFound:
    'Order not found or the assessment form was already submitted. Login to your dashboard to see details.',
  fetchFailed: 'An error occurred while fetching your order. Please try again later.',
  submitted: 'Thank you! Your medical assessment has been submitted for review.',
  refundRequested:
    'Your application has been withdrawn. A full refund is on its way to your card; we have emailed you the details.',
} as const;

const orderIdParams = z.object({ id: numeric(rowId()) });

export const formsOrderSchema = z.object({
  status: z.literal('success'),
  order: z.object({ status: z.string(), product_id: z.number().int() }),
  /** The patient's state, two-letter code. */
  state: z.string(),
  /** The partner provider that serves the order: 1 the medical-integration form, else bare medication. */
  providerId: z.number().int(),
  isTriz: z.boolean(),
  isSema: z.boolean(),
  health_id: z.string().nullable(),
  /** The strength of the patient's current prescription (mg), for the refill form. */
  currentDose: z.number().nullable(),
  /** For question 0 (women only); null when the account has none. */
  gender: z.enum(['Male', 'Female']).nullable(),
  /** The questionnaire the loader shows: 1 medical integration, 2 bare medication, 3 refill. */
  form: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  drug: z.enum(drugs),
  paymentTerms: z.number().int(),
  /**
   * Everything paid for the order, in cents: what Process Refund gives back (the popup says it
   * before the patient confirms). Null for an order paid before the forms service kept it.
   */
  paidCents: z.number().int().nullable(),
});
export type FormsOrder = z.infer<typeof formsOrderSchema>;

export const formsOrder = defineRoute({
  allowCartSession: true,
  method: 'get',
  path: '/forms/orders/:id',
  service: 'forms',
  auth: 'patient',
  summary:
    "The caller's order as the form loader reads it (spec 002 section 4): 404 for an order that is not the caller's or whose assessment is no longer pending.",
  params: orderIdParams,
  response: formsOrderSchema,
});

export const questionnaireNames = ['medical-integration', 'bare-medication', 'refill'] as const;
export type QuestionnaireName = (typeof questionnaireNames)[number];
/** The questionnaire file of each form number of the loader. */
export const questionnaireOfForm: Record<1 | 2 | 3, QuestionnaireName> = {
  1: 'medical-integration',
  2: 'bare-medication',
  3: 'refill',
};

export const questionnaire = defineRoute({
  method: 'get',
  path: '/forms/questionnaires/:name',
  service: 'forms',
  auth: 'public',
  summary: 'A questionnaire file (spec 002 section 3, "Question"): questions and dependency rules.',
  params: z.object({ name: z.enum(questionnaireNames) }),
  response: questionnaireFileSchema,
});

/** An answer as the browser sends it: text, the options chosen, or an uploaded file's name. */
const answerValue = z.union(
  [
    multilineText(50_000),
    z.array(text(500)).max(50),
    // A client built from the spec may send a number for an integer question: a whole one.
    int(0, 1_000_000).transform(String),
  ],
  { error: 'An answer is text, the options chosen, or a whole number.' },
);

/** One answer of the submission (spec 002 section 3, "Assessment submission payload"). */
export const submittedAnswerSchema = z.object({
  /** The question's id in the questionnaire file: how the server finds the question. */
  id: text(40),
  question: text(80).optional(),
  label: multilineText(4000).optional(),
  answer: answerValue,
  type: z.enum(['string', 'number', 'image_upload']).optional(),
  description: multilineText(4000).optional(),
  important: z.boolean().optional(),
  is_critical: z.boolean().optional(),
  displayed_options: z.array(text(500)).max(50).optional(),
  metadata: z
    .object({
      parentId: text(40).optional(),
      parentAnswer: text(500).optional(),
      isFollowUp: z.boolean().optional(),
    })
    .optional(),
});
export type SubmittedAnswer = z.infer<typeof submittedAnswerSchema>;

const strength = z.union([z.number().min(0).max(100), text(20)]);

export const assessmentSubmissionSchema = z.object({
  answers: z.array(submittedAnswerSchema).max(300),
  images: z.array(submittedAnswerSchema).max(20).default([]),
  /** The dose chosen for each month, in mg ("2.5", 2.5 or "2.5 mg"). */
  patientPreference: z.array(strength).max(12).default([]),
  additional_details: z
    .object({
      allergies: multilineText(5000).optional(),
      current_meds: multilineText(5000).optional(),
      current_medical_condition: multilineText(5000).optional(),
      pregnancy: z.boolean().optional(),
    })
    .optional(),
  special_necessities: multilineText(2000).optional(),
  form_id: numeric(rowId()),
  // Not a z.record: its class would join the quiz's first load (every page shares zod's chunk).
  userInfo: z.object({}).catchall(z.unknown()).optional(),
  paymentTerms: numeric(int(0, 12)).optional(),
  maintanenceDose: strength.optional(),
  productPurchased: text(100).optional(),
  isRefil: z.boolean().optional(),
  frmName: text(40).optional(),
});
export type AssessmentSubmission = z.input<typeof assessmentSubmissionSchema>;

export const assessmentSubmittedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Where the patient goes next: the identity video for the states that require it, else /home. */
  redirect: z.string(),
});

export const submitMdForm = defineRoute({
  allowCartSession: true,
  method: 'post',
  path: '/api/submit-md-form',
  service: 'forms',
  auth: 'patient',
  summary:
    "Submits the medical-integration (or refill) assessment of the caller's order: re-checked against the questionnaire, stored, and `form-submitted` published in one transaction.",
  body: assessmentSubmissionSchema,
  response: assessmentSubmittedSchema,
});

export const submitBareForm = defineRoute({
  allowCartSession: true,
  method: 'post',
  path: '/api/submit-bare-form',
  service: 'forms',
  auth: 'patient',
  summary: "Submits the bare-medication assessment of the caller's order (as submit-md-form).",
  body: assessmentSubmissionSchema,
  response: assessmentSubmittedSchema,
});

export const processRefund = defineRoute({
  allowCartSession: true,
  method: 'post',
  path: '/api/process-refund/:id',
  service: 'forms',
  auth: 'patient',
  summary:
    'Process Refund on the "We Cannot Proceed" popup: withdraws the application of the caller\'s pending order; checkout cancels and refunds it in full and emails the patient.',
  params: orderIdParams,
  response: z.object({ success: z.literal(true), message: z.string() }),
});

/** Spec 002 section 8, questionnaire uploads, verbatim. */
export const uploadMessages = {
  selectFile: 'Please select a file',
  imageOnly: 'Please upload an image file',
  tooLarge: 'File size exceeds 5 MB limit. Please choose a smaller file.',
  tryAgainHint: 'Please try uploading again',
  connection:
    'Upload failed due to connection issues. Please check your internet connection and try again.',
  preparing: 'Error preparing upload. Please try again.',
  storing: 'Error uploading file. Please try again.',
  unsuccessful: 'The upload was unsuccessful. Please try again.',
  cancelled: 'Upload was cancelled',
} as const;

/** Ours: get-signed-url's answer to a content type no upload may have. */
export const uploadTypeNotAllowed = `${uploadMessages.imageOnly}, a video, or a PDF, Word or text document.`;

const uploadContentType = new RegExp(
  `^(?:(?:image|video)/[A-Za-z0-9][A-Za-z0-9.+-]*|${attachmentDocumentTypes
    .map((type) => type.replace(/[.+]/g, '\\$&'))
    .join('|')})$`,
  'i',
);

export const getSignedUrl = defineRoute({
  method: 'post',
  path: '/api/get-signed-url',
  service: 'forms',
  auth: 'patient',
  allowCartSession: true,
  summary:
    "A short-lived signed URL to PUT one file to (the browser uploads it with its content type): an image, a video, or a doctor chat attachment's PDF, Word or text document. The file counts only once its content is checked (`file_name` is the answer, or the attachment, to send).",
  body: z.object({
    /** Built by the browser from the form id, the question key, a timestamp and the original name. */
    filename: text(300).regex(/\S/, 'Please select a file'),
    /**
     * An image or a video (the questionnaire's photos, the identity video), or one of the doctor
     * chat's document types (`attachmentDocumentTypes`).
     */
    content_type: text(100).regex(uploadContentType, uploadTypeNotAllowed),
    /** The order the file belongs to. */
    form_id: numeric(rowId()).optional(),
  }),
  response: z.object({
    success: z.literal(true),
    url: z.string(),
    upload_url: z.string(),
    /** The stored file's name: the answer of the question it was uploaded for. */
    file_name: z.string(),
    public_url: z.string().optional(),
  }),
});

export const logUploadAttempt = defineRoute({
  method: 'post',
  path: '/api/log-upload-attempt',
  service: 'forms',
  auth: 'patient',
  allowCartSession: true,
  summary:
    "Records a failed upload for support (rate limited); it answers success even when it drops the record, so it never fails the patient's page.",
  body: z.object({
    /** The uploader sends it with every report (false: the reports are of failures). */
    success: z.boolean(),
    error: text(500).optional(),
    userAgent: text(500).optional(),
    fileSize: numeric(int(0)).optional(),
    filename: text(300).optional(),
    imageType: text(100).optional(),
    idOfForm: numeric(rowId()).optional(),
    timestamp: text(40).optional(),
  }),
  response: z.object({ success: z.literal(true) }),
});

export const uploadAvVideo = defineRoute({
  method: 'post',
  path: '/api/upload-av-video',
  service: 'forms',
  auth: 'patient',
  allowCartSession: true,
  summary:
    'Records the identity video the caller uploaded (through get-signed-url) for their submitted assessment, once its content is checked as a video within 100 MB.',
  body: z.object({
    /** The uploaded file's name (get-signed-url's `file_name`). */
    s3FileName: text(300).regex(/\S/, 'Please choose a video file to upload.'),
    /** The order (form) id. */
    uniqueId: numeric(rowId()),
  }),
  response: z.object({ success: z.literal(true), message: z.string() }),
});

/**
 * Ours: who asks for an order's identity video: its state's regulations (a bare-medication
 * assessment in one of the video states), or the patient's clinician (`appointment-required` of
 * kind video), in any state. Where both ask, the state's rule is named.
 */
export const identityVideoAskers = ['state', 'clinician'] as const;
export type IdentityVideoAsker = (typeof identityVideoAskers)[number];

export const identityVideoAsk = defineRoute({
  method: 'get',
  path: '/forms/orders/:id/identity-video',
  service: 'forms',
  auth: 'patient',
  allowCartSession: true,
  summary:
    "Who asks for the identity video of the caller's submitted order, so the video page says why (the state's regulations or the doctor's request); null when it needs none. 404 for an order that is not the caller's.",
  params: orderIdParams,
  response: z.object({ asked_by: z.enum(identityVideoAskers).nullable() }),
});

/** The prescription confirmation page and adjust-doses (spec 002 sections 2 and 4). */
export const prescriptionMessages = {
  accepted: 'Thank you! Your prescription is confirmed and will be sent to the pharmacy.',
  declined: 'Please tell your doctor which doses you would like.',
  adjustmentSent: 'Thank you! Your doctor will review your requested doses.',
  noPrescription: 'There is no prescription waiting for your answer on this order.',
  photoRequired: 'Please upload a picture of your current prescription or medication.',
} as const;

export const prescriptionPending = defineRoute({
  method: 'get',
  path: '/api/prescription-pending/:id',
  service: 'forms',
  auth: 'patient',
  summary:
    "The prescription of the caller's order that waits for their confirmation (rxId, name, directions); 404 when none waits.",
  params: orderIdParams,
  response: z.object({
    success: z.literal(true),
    prescription: z.array(z.object({ rxId: z.string(), name: z.string(), directions: z.string() })),
  }),
});

/** `accept` as a boolean, or as a form would send it ("true", "false", 1, 0). */
const acceptValue = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
  z.union([z.literal(1), z.literal(0)]).transform((v) => v === 1),
]);

export const prescriptionUpdate = defineRoute({
  method: 'post',
  path: '/api/prescription-update/:id',
  service: 'forms',
  auth: 'patient',
  summary:
    "Approve (accept true: the prescription ships as written) or Decline & Update with Doctor (accept false: the patient adjusts the doses) the caller's pending prescription.",
  params: orderIdParams,
  body: z.object({ order_id: numeric(rowId()).optional(), accept: acceptValue }),
  response: z.object({ success: z.literal(true), message: z.string(), redirect: z.string() }),
});

export const prescriptionGetOrder = defineRoute({
  method: 'get',
  path: '/api/prescription-getorder/:id',
  service: 'forms',
  auth: 'patient',
  summary:
    "The caller's order whose prescription they may adjust: its product, drug and the prescribed schedule (the adjust-doses form's defaults).",
  params: orderIdParams,
  response: z.object({
    success: z.literal(true),
    product_id: z.number().int(),
    drug: z.enum(drugs),
    doseSchedule: z.array(z.number()),
    maintenanceDose: z.number().nullable(),
  }),
});

export const submitAdjustDosesForm = defineRoute({
  method: 'post',
  path: '/api/submit-adjust-doses-form',
  service: 'forms',
  auth: 'patient',
  summary:
    'The doses the caller asks for instead of the prescribed ones, with a photo of their current prescription; it goes back to the clinician (dose-adjustment-submitted).',
  body: assessmentSubmissionSchema.extend({
    selectedDoses: z.array(strength).max(12).optional(),
    product_id: numeric(rowId()).optional(),
    formType: z.literal('adjustDose').optional(),
  }),
  response: assessmentSubmittedSchema,
});

/** Spec 002 section 5: the images a patient may upload again from the portal. */
export const portalImageTypes = [
  'full_body_image',
  'id_image',
  'prescription_image',
  'font_facing_image',
  'top_head_image',
  'id_front_image',
  'id_back_image',
] as const;
export type PortalImageType = (typeof portalImageTypes)[number];

/** Spec 002 section 8, portal image re-upload, verbatim, and the server's success text. */
export const reuploadMessages = {
  network: 'Network error. Please check your connection and try again.',
  preparing: 'Error preparing upload. Please try using a smaller image size.',
  storing: 'Error uploading file. Please try using a smaller image size.',
  unsuccessful: 'The upload was unsuccessful. Please try using a smaller image size.',
  hint: 'Please try uploading again',
  replaced: 'Your image has been updated and sent to your doctor.',
} as const;

export const uploadImageAgain = defineRoute({
  method: 'post',
  path: '/api/upload-image-again',
  service: 'forms',
  auth: 'patient',
  summary:
    "Replaces one image of the caller's submitted assessment (the seven image types) with a new upload (get-signed-url's file_name), once its content is checked as an image within 5 MB.",
  body: z.object({
    /** The order (form) id. */
    id: numeric(rowId()),
    file_name: text(300).regex(/\S/, uploadMessages.selectFile),
    image_type: z.enum(portalImageTypes),
  }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const uploadReadUrl = defineRoute({
  method: 'get',
  path: '/api/uploads/:file_name/read-url',
  service: 'forms',
  auth: 'patient',
  summary:
    "A signed URL that reads one of the caller's own checked uploads back for 5 minutes (staff read patients' files through the clinic's audited case view).",
  params: z.object({ file_name: text(300).regex(/^[A-Za-z0-9._-]+$/, 'Unknown file') }),
  response: z.object({ success: z.literal(true), url: z.string() }),
});

/** Where a reported weight came from: the intake quiz, a first assessment, or a refill form. */
export const weightSources = ['intake', 'assessment', 'refill', 'dose-log'] as const;
export type WeightSource = (typeof weightSources)[number];

export const weightEntrySchema = z.object({
  /** When the patient reported it. */
  at: z.iso.datetime(),
  pounds: z.number().positive(),
  source: z.enum(weightSources),
});
export type WeightEntry = z.infer<typeof weightEntrySchema>;

export const weightHistory = defineRoute({
  method: 'get',
  path: '/api/weight-history',
  service: 'forms',
  auth: 'patient',
  summary:
    "The weights the caller reported, oldest first: the intake quiz's (dated by their first paid order) and the current weight of each submitted assessment and refill form. Only the caller's own.",
  response: z.object({ weights: z.array(weightEntrySchema) }),
});
