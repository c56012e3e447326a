/**
 * Doctor on Demand's calls (contracts/src/api/doctor.ts) through the typed client: the doctor's
 * profile, the reply time and provider 1's outside messaging page (chat-availability), the
 * messages, and sending one with its files (each uploaded the way the medical form uploads a
 * photo: a signed URL from POST /api/get-signed-url, then the file PUT there with its type by the api's putSigned).
 */
import {
  chatAvailability,
  getDocProfile,
  getSignedUrl,
  providerMessages,
  sendProviderMessage,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { putSignedFile, type Uploaded } from '../../uploads/attachments';

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

/** Uploads one file of the patient's message: its signed URL, then the PUT. */
export function uploadAttachment(file: File): Promise<Uploaded> {
  return putSignedFile(file, (type) =>
    callApi(getSignedUrl, {
      body: { filename: `doctor-chat_${Date.now()}_${file.name}`, content_type: type },
    }),
  );
}

/** POST /api/provider-messages. */
export function sendMessage(message: string, latestEncounterId: string, attachments: Uploaded[]) {
  return callApi(sendProviderMessage, { body: { message, latestEncounterId, attachments } });
}
