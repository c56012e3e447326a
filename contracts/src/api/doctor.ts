/**
 * Doctor on Demand (spec 002; issue 18): the patient's messages with their clinician, with
 * attachments, and the clinician's profile; and the clinician's side in the staff console
 * (paths ours, BRIEF section 2). Attachments are uploaded through forms (get-signed-url) and
 * named here by the `file_name` it answered.
 */
import { z } from 'zod';
import { controlCharacterMessage, multiLinePattern, numeric, rowId, text } from './fields';
import { getSignedUrl, uploadMessages } from './forms';
import { doctorChatLimits, messageTooLong } from '../rules/messages';
import { defineRoute } from './route';
import { attachmentContentTypes } from '../rules/uploads';

/** Spec 002 "Chat and doctor" and "Doctor chat", verbatim, and ours where the spec is silent. */
export const doctorMessages = {
  greeting: 'How can I help you today? Feel free to tell me about your symptoms or ask questions.',
  uploadFailed: 'Failed to upload file. Please try again.',
  sendFailed: 'Failed to send message. Please try again.',
  messageSent: 'Message sent',
  chatWithSupport: 'Chat with Customer Service',
  /** The alert for a file over 5 MB: 'File "{user_content}" is too large. Maximum size is {size}.' */
  tooLarge: (name: string, size = '5 MB') =>
    `File "${name}" is too large. Maximum size is ${size}.`,
  /** Ours: what the server says to a message it refuses. */
  needsTextOrFile: 'Please write a message or attach a file.',
  tooLong: messageTooLong,
  typeNotAllowed:
    'This file type is not allowed. Please attach a PDF, Word document, text file, image or video.',
  tooManyFiles: 'Please attach at most 5 files to one message.',
  /**
   * A file whose name says a kind the chat takes (.png, .pdf) but whose bytes are not that kind (a
   * text file or a program renamed .png or .pdf, an empty file).
   */
  notWhatItsNameSays: (name: string, extension: string) =>
    `"${name}" was not sent: it is not the kind of file its name says (.${extension}). Please attach another file.`,
  /** A file whose name says no kind the chat takes, and whose bytes are not one either. */
  fileRefused: (name: string) =>
    `"${name}" was not sent: it is not a PDF, Word document, text file, image or video. Please attach another file.`,
  /** A file the server cannot find among the sender's uploads (not finished, or not theirs). */
  fileMissing: (name: string) => `"${name}" did not finish uploading. Please attach it again.`,
  visitNotFound: 'No such visit.',
  noDoctorYet: 'Your doctor will be assigned when your assessment is reviewed.',
  patientNotFound: 'No such patient.',
  /** A clinician's answer before the patient's record is open (their case not claimed yet). */
  noVisitYet:
    'You can write to this patient once their record is open: claim their case first. Until then they have no Doctor on Demand tab to read your answer in.',
} as const;

export type DoctorChatFileType = (typeof doctorChatLimits.acceptedTypes)[number];

/** The extension of a file's name when it is one the chat takes ("notes.PNG": png), else null. */
export function acceptedExtension(name: string): DoctorChatFileType | null {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return doctorChatLimits.acceptedTypes.find((type) => type === extension) ?? null;
}

/**
 * Why the server refused a file by its contents, in the patient's words: a name that says a kind
 * the chat takes is named as what the file is not ("notes.png" holding text); otherwise the kinds
 * the chat takes.
 */
export function refusedFileText(name: string): string {
  const extension = acceptedExtension(name);
  return extension
    ? doctorMessages.notWhatItsNameSays(name, extension)
    : doctorMessages.fileRefused(name);
}

/** Spec 002 section 3, "Chat message" (of the doctor chat). */
export const doctorAttachmentSchema = z.object({
  /** A short-lived signed URL to read the file. */
  url: z.string(),
  type: z.string(),
  name: z.string(),
});
export const doctorChatMessageSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  /** 1 sent by the patient, 0 received. */
  in_out: z.union([z.literal(0), z.literal(1)]),
  is_doctor: z.boolean(),
  created_at: z.string(),
  attachments: z.array(doctorAttachmentSchema),
  /** Ours: who answered (the clinician's name), null for the patient's own messages. */
  author: z.string().nullable(),
});
export type DoctorChatMessage = z.infer<typeof doctorChatMessageSchema>;

const doctorText = (max: number, tooLong: string) =>
  z.string().max(max, tooLong).regex(multiLinePattern, controlCharacterMessage);

/** An encounter id as a client may send it (spec: no type given). */
const encounterId = z
  .union([z.number().int().nonnegative(), text(64)])
  .transform((v) => String(v).trim());

/** An attachment as the browser names it: `url` is the `file_name` get-signed-url answered. */
const attachmentRef = z.object({
  url: text(300).regex(/\S/, doctorMessages.uploadFailed),
  type: text(100).optional(),
  name: text(255).optional(),
});

/**
 * A message with text, files or both, and never neither (spec 002: "a message needs text or a
 * file"), said as two shapes so that the OpenAPI document states it: text that is not blank (files
 * optional), or at least one file (text optional, blank allowed). A body that fits neither is
 * refused with the one problem every shape has (text too long, too many files), or else with
 * 'Please write a message or attach a file.'.
 */
function textOrFiles<T extends z.ZodRawShape>(maxText: number, tooLong: string, rest: T) {
  const message = doctorText(maxText, tooLong);
  const files = z
    .array(attachmentRef)
    .max(doctorChatLimits.attachmentsPerMessage, doctorMessages.tooManyFiles);
  return z.union(
    [
      z.object({
        ...rest,
        message: message.regex(/\S/, doctorMessages.needsTextOrFile),
        attachments: files.default([]),
      }),
      z.object({
        ...rest,
        message: message.default(''),
        attachments: files.min(1, doctorMessages.needsTextOrFile),
      }),
    ],
    {
      error: (issue) => {
        if (issue.code !== 'invalid_union') return undefined;
        const [first, ...others] = issue.errors;
        const key = (i: z.core.$ZodIssue) => `${i.path.join('.')}|${i.message}`;
        const shared = (first ?? []).find((i) =>
          others.every((option) => option.some((o) => key(o) === key(i))),
        );
        return shared
          ? `${shared.path.length > 0 ? `${shared.path.join('.')}: ` : ''}${shared.message}`
          : doctorMessages.needsTextOrFile;
      },
    },
  );
}

export const providerMessages = defineRoute({
  method: 'get',
  path: '/api/provider-messages',
  service: 'chat',
  auth: 'patient',
  summary:
    "The patient's messages with their clinicians (Doctor on Demand), oldest first, attachments as short-lived read URLs.",
  response: z.object({ success: z.literal(true), messages: z.array(doctorChatMessageSchema) }),
});

export const sendProviderMessage = defineRoute({
  method: 'post',
  path: '/api/provider-messages',
  service: 'chat',
  auth: 'patient',
  summary:
    "Sends the patient's message to the clinician of the encounter: text up to 256 characters and/or up to 5 files of 5 MB, checked by content. A message needs text or a file (400 'Please write a message or attach a file.').",
  body: textOrFiles(doctorChatLimits.messageMax, doctorMessages.tooLong, {
    latestEncounterId: encounterId,
  }),
  response: z.object({
    success: z.literal(true),
    apiResponse: z.object({ id: z.number().int() }),
  }),
});

export const sendDocMessage = defineRoute({
  method: 'post',
  path: '/api/send-doc-message',
  service: 'chat',
  auth: 'patient',
  summary: "Sends a text message to the clinician of a visit (spec 002: 'Message sent').",
  body: z.object({
    message: doctorText(doctorChatLimits.messageMax, doctorMessages.tooLong).regex(
      /\S/,
      doctorMessages.needsTextOrFile,
    ),
    visitId: encounterId,
  }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const doctorProfileSchema = z.object({
  name: z.string(),
  npi: z.string(),
  bio: z.string(),
  /** An image URL, or '' when the clinician has none. */
  image: z.string(),
});
export type DoctorProfile = z.infer<typeof doctorProfileSchema>;

export const getDocProfile = defineRoute({
  method: 'get',
  path: '/api/get-doc-profile/:encounterId',
  service: 'chat',
  auth: 'patient',
  summary: "The clinician of one of the caller's visits: name, NPI, bio and photo.",
  params: z.object({ encounterId: text(64).regex(/\S/) }),
  response: z.object({ status: z.literal('success'), case: doctorProfileSchema }),
});

/** The clinician's side (console, role clinician). */
export const doctorThreadSchema = z.object({
  userId: z.number().int(),
  patientName: z.string(),
  /** Since when the patient's first unanswered message waits; null when answered. */
  waitingSince: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  lastMessage: z.string().nullable(),
  /** The patient's newest visit. */
  encounterId: z.string().nullable(),
});
export type DoctorThread = z.infer<typeof doctorThreadSchema>;

export const doctorInbox = defineRoute({
  method: 'get',
  path: '/api/console/doctor-messages',
  service: 'chat',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    "Patients' message threads with their clinicians: those waiting for an answer (oldest first) or all recent ones.",
  query: z.object({ view: z.enum(['waiting', 'all']).default('waiting') }),
  response: z.object({ status: z.literal('success'), threads: z.array(doctorThreadSchema) }),
});

const patientParams = z.object({ userId: numeric(rowId()) });

const threadAnswer = z.object({
  status: z.literal('success'),
  thread: doctorThreadSchema,
  messages: z.array(doctorChatMessageSchema),
});

export const doctorThread = defineRoute({
  method: 'get',
  path: '/api/console/doctor-messages/:userId',
  service: 'chat',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    "One patient's messages with their clinicians (in_out from the patient's side), attachments as short-lived read URLs; the read is audited.",
  params: patientParams,
  response: threadAnswer,
});

export const replyDoctorThread = defineRoute({
  method: 'post',
  path: '/api/console/doctor-messages/:userId',
  service: 'chat',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    "Answers the patient as their clinician: text up to 2000 characters and/or up to 5 files of 5 MB, uploaded for the patient (forms' attachment-upload) and checked by content; the patient is texted (or emailed, without a text consent) that the doctor replied. An answer needs text or a file (400 'Please write a message or attach a file.').",
  params: patientParams,
  /** Files are uploaded through forms' attachment-upload for this patient. */
  body: textOrFiles(
    doctorChatLimits.replyMax,
    `At most ${doctorChatLimits.replyMax} characters`,
    {},
  ),
  response: threadAnswer,
});

const attachmentContentType = new RegExp(
  `^(?:${attachmentContentTypes.map((type) => type.replace(/[.+]/g, '\\$&')).join('|')})$`,
  'i',
);

export const patientAttachmentUpload = defineRoute({
  method: 'post',
  path: '/api/console/patients/:userId/attachment-upload',
  service: 'forms',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    "A short-lived signed URL to PUT one file of the clinician's doctor chat answer to (a PDF, Word or text document, an image or a video, as get-signed-url). The file is stored as the patient's own (so the patient reads it back) and counts only once its content is checked; 404 'No such patient.' for a user who is not a patient of the clinic.",
  params: z.object({ userId: numeric(rowId()) }),
  body: z.object({
    filename: text(300).regex(/\S/, uploadMessages.selectFile),
    /** One of the doctor chat's kinds (`attachmentContentTypes`). */
    content_type: text(100).regex(attachmentContentType, doctorMessages.typeNotAllowed),
  }),
  response: getSignedUrl.response,
});
