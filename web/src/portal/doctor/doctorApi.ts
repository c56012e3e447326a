/**
 * Doctor on Demand's calls (contracts/src/api/doctor.ts) through the typed client: the doctor's
 * profile, the reply time and provider 1's outside messaging page (chat-availability), the
 * messages, and sending one with its files (each uploaded the way the medical form uploads a
 * photo: a signed URL from POST /api/get-signed-url, then the file PUT there with its type by the api's putSigned).
 */
import {
  acceptedExtension,
  chatAvailability,
  doctorChatLimits,
  doctorMessages,
  getDocProfile,
  getSignedUrl,
  providerMessages,
  sendProviderMessage,
  type DoctorChatFileType,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { putSigned } from '../../api/upload';

/** GET /api/get-doc-profile/{encounterId}: the clinician of the visit. */
export function doctorProfileQuery(encounterId: string) {
  return queryOptions({
    queryKey: ['doctor-profile', encounterId],
    queryFn: async () => (await callApi(getDocProfile, { params: { encounterId } })).case,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/chat-availability (the support panel reads the same key). */
export const availabilityQuery = queryOptions({
  queryKey: ['chat-availability'],
  queryFn: () => callApi(chatAvailability),
  staleTime: 60_000,
});

/** How often the open chat reads the messages again, so that a doctor's answer shows up. */
export const messagesRefreshMs = 30_000;

/**
 * GET /api/provider-messages: oldest first. Read when the chat opens, after a send, and every
 * 30 seconds while it is open and the page visible (React Query skips the interval while the
 * document is hidden: refetchIntervalInBackground stays false).
 */
export const providerMessagesQuery = queryOptions({
  queryKey: ['provider-messages'],
  queryFn: async () => (await callApi(providerMessages)).messages,
  retry: false,
  refetchInterval: messagesRefreshMs,
});

/** The content types of the accepted extensions, for a file the browser gives no type. */
const typeByExtension: Record<DoctorChatFileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
};

/** Whether the file picker's list (doctorChatLimits.acceptedTypes) has this file's extension. */
export function isAcceptedFile(file: File): boolean {
  return acceptedExtension(file.name) !== null;
}

/** The file's content type: the browser's, else the one its extension stands for. */
export function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  const ext = acceptedExtension(file.name);
  return ext ? typeByExtension[ext] : '';
}

/** The `<input accept>` of the attach button: ".pdf,.doc,...". */
export const acceptAttribute = doctorChatLimits.acceptedTypes.map((t) => `.${t}`).join(',');

export interface Uploaded {
  url: string;
  type: string;
  name: string;
}

/**
 * PUTs one file to the signed URL its upload call answered (`get-signed-url` for the patient,
 * the console's attachment upload for a clinician) with its content type. Throws on a failure.
 */
export async function putSignedFile(
  file: File,
  sign: (contentType: string) => Promise<{ upload_url: string; file_name: string }>,
): Promise<Uploaded> {
  const type = contentTypeOf(file);
  const signed = await sign(type);
  await putSigned(signed.upload_url, file, { contentType: type });
  return { url: signed.file_name, type, name: file.name };
}

/** Uploads one file of the patient's message: its signed URL, then the PUT. */
export function uploadAttachment(file: File): Promise<Uploaded> {
  return putSignedFile(file, (type) =>
    callApi(getSignedUrl, {
      body: { filename: `doctor-chat_${Date.now()}_${file.name}`, content_type: type },
    }),
  );
}

/**
 * The files a message may carry after a choice (spec 002 "Doctor chat"): each of the accepted
 * types and at most 5 MB, five at the most; each refused file is said in an alert.
 */
export function pickAttachments(
  current: readonly File[],
  chosen: readonly File[],
  alert: (text: string) => void = (text) => window.alert(text),
): File[] {
  const kept: File[] = [];
  for (const file of chosen) {
    if (file.size > doctorChatLimits.attachmentMaxBytes) alert(doctorMessages.tooLarge(file.name));
    else if (!isAcceptedFile(file) || !contentTypeOf(file)) alert(doctorMessages.typeNotAllowed);
    else kept.push(file);
  }
  const next = [...current, ...kept];
  if (next.length > doctorChatLimits.attachmentsPerMessage) alert(doctorMessages.tooManyFiles);
  return next.slice(0, doctorChatLimits.attachmentsPerMessage);
}

/** POST /api/provider-messages. */
export function sendMessage(message: string, latestEncounterId: string, attachments: Uploaded[]) {
  return callApi(sendProviderMessage, { body: { message, latestEncounterId, attachments } });
}
