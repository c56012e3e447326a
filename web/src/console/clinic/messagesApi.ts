/**
 * The clinician's side of Doctor on Demand (contracts/src/api/doctor.ts) through the typed
 * client: the patients' threads (waiting oldest first, or all), one patient's thread (the read is
 * audited by the server) and the clinician's reply, which answers with the thread as it now is;
 * a reply's files are uploaded for the patient (forms' attachment-upload, then the PUT with the
 * file's content type) and sent with it by the name forms answered.
 */
import {
  backgroundActivityHeaders,
  doctorInbox,
  doctorThread,
  patientAttachmentUpload,
  replyDoctorThread,
  type DoctorChatMessage,
  type DoctorThread,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { putSignedFile, type Uploaded } from '../../uploads/attachments';

export type ThreadView = 'waiting' | 'all';

export interface ThreadDetail {
  thread: DoctorThread;
  messages: DoctorChatMessage[];
}

export const threadsKey = ['console-doctor-threads'] as const;
export const threadKey = (userId: number) => ['console-doctor-thread', userId] as const;

/** GET /api/console/doctor-messages?view=...: the threads of one view. */
export function threadsQuery(view: ThreadView) {
  return queryOptions<DoctorThread[], Error>({
    queryKey: [...threadsKey, view],
    queryFn: async () =>
      (await callApi(doctorInbox, { query: { view }, headers: backgroundActivityHeaders })).threads,
    retry: false,
    refetchInterval: 30_000,
  });
}

/** GET /api/console/doctor-messages/{userId}: one patient's messages, oldest first. */
export function threadQuery(userId: number) {
  return queryOptions<ThreadDetail, Error>({
    queryKey: threadKey(userId),
    queryFn: async () => {
      const { thread, messages } = await callApi(doctorThread, {
        params: { userId },
        headers: backgroundActivityHeaders,
      });
      return { thread, messages };
    },
    retry: false,
    refetchInterval: 30_000,
  });
}

/**
 * Uploads one file of the clinician's answer as the patient's: a signed URL from
 * POST /api/console/patients/{userId}/attachment-upload, then the PUT. Throws on either failure.
 */
export function uploadForPatient(userId: number, file: File): Promise<Uploaded> {
  return putSignedFile(file, (type) =>
    callApi(patientAttachmentUpload, {
      params: { userId },
      body: { filename: `doctor-reply_${Date.now()}_${file.name}`, content_type: type },
    }),
  );
}

/** POST /api/console/doctor-messages/{userId}: the clinician's answer, with its files if any. */
export async function replyToPatient(
  userId: number,
  message: string,
  attachments: Uploaded[] = [],
): Promise<ThreadDetail> {
  const { thread, messages } = await callApi(replyDoctorThread, {
    params: { userId },
    body: attachments.length > 0 ? { message, attachments } : { message },
  });
  return { thread, messages };
}
