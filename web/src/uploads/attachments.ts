/**
 * Files attached to a message (spec 002 "Doctor chat"), the patient's to their doctor and the
 * clinician's answer alike: which files are accepted, their content type, the PUT to a signed URL.
 */
import {
  acceptedExtension,
  doctorChatLimits,
  doctorMessages,
  type DoctorChatFileType,
} from '@clinic/contracts';
import { putSigned } from '../api/upload';

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
