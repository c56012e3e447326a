/**
 * Patients' uploads (spec 002 sections 3 and 8): a signed URL is handed out for one file of one
 * patient, the browser sends the bytes straight to storage, and the file counts only once the
 * server has read its size and first bytes and found the kind its purpose allows (a PNG renamed
 * .mp4 is a PNG; a script is no image). A file that fails is deleted. Names are made safe (only
 * letters, digits, ".", "_" and "-") and prefixed with a random part nobody can guess.
 * Every use of an upload (the check right after its PUT, an assessment's or adjust-doses' photo,
 * a portal re-upload, the identity video, reship evidence and doctor chat attachments through
 * FormsRecords) goes through `check`, `inspect` or `inspectAttachment`, which read the stored
 * bytes the first time. The storage writes a key once (a second PUT through the same link is
 * refused), so the bytes checked are the bytes every later read gets; reads are downloads with
 * the Content-Type of the kind the bytes were found to be, never the one the browser claimed.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  attachmentDocumentTypes as contractDocumentTypes,
  doctorMessages,
  photoMessages,
  uploadMessages,
  uploadTypeNotAllowed,
  type FileRead,
  type PatientAttachmentCheck,
  type PatientImageCheck,
  type Principal,
} from '@clinic/contracts';
import {
  InvalidRequestError,
  NotFoundError,
  TooManyRequestsError,
  type ServiceRuntime,
} from '@clinic/kit';
import { orders, uploadAttempts, uploads, type UploadPurpose } from '../db/schema';
import {
  UploadStorageError,
  type SignedGetOptions,
  type UploadStorage,
} from '../storage/upload-storage';
import { attachmentVerdict } from '../uploads/attachments';
import {
  ATTACHMENT_MAX_BYTES,
  detectFileKind,
  FILE_KIND_MIME,
  FILE_KIND_SNIFF_BYTES,
  isAllowedUpload,
  uploadLimits,
  type FileKind,
} from '../uploads/file-content';
import { ownOrder } from './orders';

/** Where patients' medical images and videos live (spec 002 section 3). */
export const UPLOAD_FOLDER = 'user_med_images';

/** How long a signed PUT stays usable: enough for a slow phone, short enough to be useless later. */
const putSeconds: Record<UploadPurpose, number> = { image: 600, video: 1800, attachment: 600 };
/** Signed URLs a patient may ask for per hour (a form has a handful of uploads, retries included). */
const signedUrlLimit = { limit: 60, windowMs: 60 * 60 * 1000 };
/** Failed uploads a patient's browser may report per hour; more are dropped silently. */
const attemptLogLimit = { limit: 30, windowMs: 60 * 60 * 1000 };

/** The requested name made safe for a storage key, with a random prefix. */
export function storedFileName(requested: string, random = randomBytes(6).toString('hex')): string {
  const safe = requested
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+/, '')
    .slice(-150);
  return `${random}_${safe || 'upload'}`;
}

/** The doctor chat's document types (spec 002); its images and videos are uploaded as any. */
const attachmentDocumentTypes = new Set<string>(contractDocumentTypes);

function purposeOf(contentType: string): UploadPurpose | null {
  const type = contentType.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (attachmentDocumentTypes.has(type)) return 'attachment';
  return null;
}

/** A kind as recorded in `uploads.detected_kind`, or null when none (or an unknown one) is. */
function recordedKind(kind: string | null): FileKind | null {
  return kind !== null && Object.hasOwn(FILE_KIND_MIME, kind) ? (kind as FileKind) : null;
}

/**
 * A signed read of a checked upload: served as the kind its bytes were found to be (a PDF
 * uploaded as text/plain is read as application/pdf), as a download.
 */
export function checkedRead(
  detectedKind: string | null,
  expiresInSeconds: number,
): SignedGetOptions {
  const kind = recordedKind(detectedKind);
  return kind ? { expiresInSeconds, contentType: FILE_KIND_MIME[kind] } : { expiresInSeconds };
}

/** The identity video's refusals, in the patient's words (never a stored file's name). */
export const videoCheckMessages = {
  notUploaded: 'Your video did not finish uploading. Please upload it again.',
  tooLarge: 'Your video is larger than 100MB.',
  notAVideo: 'Please select a video file.',
} as const;

export class UploadProblem extends InvalidRequestError {}

/** Throws UploadProblem (a 400) with the patient's words for a check that did not pass. */
function refuse(problem: PatientImageCheck, purpose: UploadPurpose): void {
  if (problem === 'ok') return;
  const texts = purpose === 'image' ? photoMessages : videoCheckMessages;
  if (problem === 'missing') throw new UploadProblem(texts.notUploaded);
  if (problem === 'too-large') throw new UploadProblem(texts.tooLarge);
  throw new UploadProblem(
    purpose === 'image' ? photoMessages.notAPhoto : videoCheckMessages.notAVideo,
  );
}

export class Uploads {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly storage: UploadStorage,
  ) {}

  /**
   * POST /api/get-signed-url: a URL to PUT one image, video or doctor chat document (PDF, Word,
   * text) of the caller to.
   */
  async signPut(
    principal: Principal,
    request: { filename: string; content_type: string; form_id?: number },
  ): Promise<{ url: string; fileName: string }> {
    const purpose = purposeOf(request.content_type);
    if (!purpose) throw new InvalidRequestError(uploadTypeNotAllowed);
    if (request.form_id !== undefined) await ownOrder(this.runtime.db, principal, request.form_id);
    await this.limitSigning(`forms:signed-url:${principal.userId}`);
    return this.sign(principal.userId, purpose, request);
  }

  /**
   * POST /api/console/patients/{userId}/attachment-upload: a URL to PUT one file of a
   * clinician's doctor chat answer to, recorded as the patient's own upload (an attachment), so
   * that it is checked and read back as the patient's files are. A user with no order here is
   * no patient of the clinic: not found.
   */
  async signPutForPatient(
    staff: Principal,
    patientId: number,
    request: { filename: string; content_type: string },
  ): Promise<{ url: string; fileName: string }> {
    const [order] = await this.runtime.db
      .select({ orderId: orders.orderId })
      .from(orders)
      .where(eq(orders.userId, patientId))
      .limit(1);
    if (!order) throw new NotFoundError(doctorMessages.patientNotFound);
    await this.limitSigning(`forms:staff-signed-url:${staff.userId}`);
    return this.sign(patientId, 'attachment', request);
  }

  private async limitSigning(key: string): Promise<void> {
    const decision = await this.runtime.engines.rateLimiter.hit(key, signedUrlLimit);
    if (!decision.allowed)
      throw new TooManyRequestsError(
        'Too many uploads in a short time. Please try again later.',
        decision.retryAfterMs,
      );
  }

  /** Signs the PUT and records the upload as the owner's, unchecked until it is used. */
  private async sign(
    ownerId: number,
    purpose: UploadPurpose,
    request: { filename: string; content_type: string; form_id?: number },
  ): Promise<{ url: string; fileName: string }> {
    const fileName = storedFileName(request.filename);
    const key = `${UPLOAD_FOLDER}/${fileName}`;
    const contentType = request.content_type.trim().toLowerCase();
    let url: string;
    try {
      url = await this.storage.signedPutUrl(key, {
        contentType,
        expiresInSeconds: putSeconds[purpose],
      });
    } catch (err) {
      // A content type or name the store cannot take is the caller's input, not our fault.
      if (err instanceof UploadStorageError)
        throw new InvalidRequestError(uploadMessages.imageOnly);
      throw err;
    }
    await this.runtime.db.insert(uploads).values({
      key,
      fileName,
      userId: ownerId,
      orderId: request.form_id ?? null,
      purpose,
      contentType,
      createdAt: this.runtime.clock.now(),
    });
    return { url, fileName };
  }

  /**
   * The caller's uploaded file, checked: it exists, is within its purpose's size and its first
   * bytes are of an allowed kind. Throws UploadProblem (a 400) with the patient's message (never
   * the stored file's name) otherwise, and deletes a file that failed.
   */
  async check(userId: number, fileName: string, purpose: UploadPurpose): Promise<void> {
    refuse(await this.inspect(userId, fileName, purpose), purpose);
  }

  /**
   * POST /api/uploads/{file_name}/check: the check of one of the caller's uploads right after
   * its PUT, for what it was signed as (a photo, a video, a doctor chat attachment), so that a
   * refused file is refused on the screen where it was chosen. Another patient's file, or a name
   * never signed, is not the caller's upload: 404, in the same patient words.
   */
  async confirm(principal: Principal, fileName: string): Promise<void> {
    const [row] = await this.runtime.db
      .select({ purpose: uploads.purpose })
      .from(uploads)
      .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, principal.userId)));
    if (!row) throw new NotFoundError(photoMessages.notUploaded);
    if (row.purpose !== 'attachment') {
      const problem = await this.inspect(principal.userId, fileName, row.purpose);
      // Signed but never stored: there is nothing of the caller's to check.
      if (problem === 'missing') throw new NotFoundError(photoMessages.notUploaded);
      return refuse(problem, row.purpose);
    }
    const verdict = await this.inspectAttachment(principal.userId, fileName);
    if (verdict.check === 'ok') return;
    if (verdict.check === 'missing') throw new NotFoundError(doctorMessages.uploadFailed);
    if (verdict.check === 'too-large') throw new UploadProblem(doctorMessages.tooLarge(fileName));
    if (verdict.check === 'not-allowed') throw new UploadProblem(doctorMessages.typeNotAllowed);
    throw new UploadProblem(doctorMessages.uploadFailed);
  }

  /** check()'s verdict without the message: what other services are told (PatientImageCheck). */
  async inspect(
    userId: number,
    fileName: string,
    purpose: UploadPurpose,
  ): Promise<PatientImageCheck> {
    const [row] = await this.runtime.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, userId)));
    if (!row || row.purpose !== purpose) return 'missing';
    if (row.checkedAt) {
      // Checked before (for this purpose, or as a chat attachment that agreed with it).
      const kind = recordedKind(row.detectedKind);
      return kind && isAllowedUpload(kind, purpose) ? 'ok' : 'not-an-image';
    }
    const info = await this.storage.head(row.key);
    if (!info) return 'missing';
    const kind =
      info.size > uploadLimits[purpose]
        ? null
        : detectFileKind(await this.storage.readStart(row.key, FILE_KIND_SNIFF_BYTES));
    const problem: PatientImageCheck =
      kind === null ? 'too-large' : isAllowedUpload(kind, purpose) ? 'ok' : 'not-an-image';
    if (problem !== 'ok') {
      await this.storage.delete(row.key);
      return problem;
    }
    await this.runtime.db
      .update(uploads)
      .set({ checkedAt: this.runtime.clock.now(), sizeBytes: info.size, detectedKind: kind })
      .where(eq(uploads.key, row.key));
    return 'ok';
  }

  /**
   * Whether one of the patient's own uploads, of any purpose, may be a doctor chat attachment
   * (uploads/attachments.ts: within 5 MB, its bytes of one of the chat's kinds, and its name and
   * Content-Type agreeing with them). Another patient's file or an unknown name is 'missing'.
   * A file seen for the first time that fails is deleted; one already checked for the medical
   * form (an answer's photo, the identity video) is only judged, never deleted here.
   */
  async inspectAttachment(userId: number, fileName: string): Promise<PatientAttachmentCheck> {
    const [row] = await this.runtime.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, userId)));
    if (!row) return { check: 'missing' };
    if (row.checkedAt)
      return attachmentVerdict({
        fileName: row.fileName,
        contentType: row.contentType,
        kind: recordedKind(row.detectedKind),
        size: row.sizeBytes ?? 0,
      });
    const info = await this.storage.head(row.key);
    if (!info) return { check: 'missing' };
    const kind =
      info.size > ATTACHMENT_MAX_BYTES
        ? null
        : detectFileKind(await this.storage.readStart(row.key, FILE_KIND_SNIFF_BYTES));
    const verdict = attachmentVerdict({
      fileName: row.fileName,
      contentType: row.contentType,
      kind,
      size: info.size,
    });
    if (verdict.check !== 'ok') {
      await this.storage.delete(row.key);
      return verdict;
    }
    await this.runtime.db
      .update(uploads)
      .set({ checkedAt: this.runtime.clock.now(), sizeBytes: info.size, detectedKind: kind })
      .where(eq(uploads.key, row.key));
    return verdict;
  }

  /**
   * A 5-minute signed read of one of a patient's checked uploads, of any kind, for staff (who
   * audit it first); null when it is not theirs or not checked.
   */
  async staffRead(userId: number, fileName: string): Promise<FileRead | null> {
    const [row] = await this.runtime.db
      .select({ key: uploads.key, checkedAt: uploads.checkedAt, kind: uploads.detectedKind })
      .from(uploads)
      .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, userId)));
    if (!row?.checkedAt) return null;
    const seconds = 300;
    const url = await this.storage.signedGetUrl(row.key, checkedRead(row.kind, seconds));
    const expiresAt = new Date(this.runtime.clock.now().getTime() + seconds * 1000);
    return { url, expiresAt: expiresAt.toISOString() };
  }

  /**
   * A 5-minute signed read of one of the caller's own uploads, once checked; anything else
   * (another patient's file, one never uploaded or refused) is not found.
   */
  async signGet(principal: Principal, fileName: string): Promise<string> {
    const [row] = await this.runtime.db
      .select({ key: uploads.key, checkedAt: uploads.checkedAt, kind: uploads.detectedKind })
      .from(uploads)
      .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, principal.userId)));
    if (!row?.checkedAt) throw new NotFoundError('This file was not found.');
    return this.storage.signedGetUrl(row.key, checkedRead(row.kind, 300));
  }

  /** POST /api/log-upload-attempt: kept for support unless the caller reports too many. */
  async logAttempt(
    principal: Principal,
    report: {
      success?: boolean;
      error?: string;
      userAgent?: string;
      fileSize?: number;
      filename?: string;
      imageType?: string;
      idOfForm?: number;
      timestamp?: string;
    },
  ): Promise<void> {
    const decision = await this.runtime.engines.rateLimiter.hit(
      `forms:upload-log:${principal.userId}`,
      attemptLogLimit,
    );
    if (!decision.allowed) return;
    await this.runtime.db.insert(uploadAttempts).values({
      userId: principal.userId,
      orderId: report.idOfForm ?? null,
      succeeded: report.success ?? false,
      error: report.error ?? null,
      userAgent: report.userAgent ?? null,
      fileSize: report.fileSize ?? null,
      fileName: report.filename ?? null,
      imageType: report.imageType ?? null,
      reportedAt: report.timestamp ?? null,
      createdAt: this.runtime.clock.now(),
    });
  }
}
