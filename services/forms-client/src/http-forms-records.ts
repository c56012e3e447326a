/**
 * The forms records over HTTP (cluster mode): calls forms' internal routes with the cluster's
 * internal token. Answers are validated with the internal contract schemas; a non-2xx answer, a
 * malformed one, a network failure or no answer within `timeoutMs` rejects with a
 * FormsRecordsError saying which call failed and why (never what the record holds). Reads only:
 * nothing is retried here, the caller may simply ask again.
 */
import {
  assessmentRecordResponseSchema,
  careRecordResponseSchema,
  fileReadRequestSchema,
  fileReadResponseSchema,
  formsInternalPaths,
  patientAttachmentCheckResponseSchema,
  patientFileRequestSchema,
  patientImageCheckResponseSchema,
  patientImageRequestSchema,
  type AssessmentRecord,
  type CareRecord,
  type FileRead,
  type PatientAttachmentCheck,
  type PatientImageCheck,
} from '@clinic/contracts';
import { InternalClient, type PrincipalSigner } from '@clinic/kit';
import type { FormsRecords } from './forms-records';

export class FormsRecordsError extends Error {
  override name = 'FormsRecordsError';

  constructor(
    message: string,
    /** The HTTP status forms answered with, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export class HttpFormsRecords implements FormsRecords {
  private readonly client: InternalClient;

  constructor(baseUrl: string, principals: PrincipalSigner, timeoutMs = 5000) {
    this.client = new InternalClient(
      'forms',
      baseUrl,
      principals,
      timeoutMs,
      (message, status) => new FormsRecordsError(message, status),
    );
  }

  async assessmentRecord(orderId: number): Promise<AssessmentRecord | null> {
    const answer = await this.client.call(
      formsInternalPaths.assessmentRecord,
      { orderId },
      assessmentRecordResponseSchema,
    );
    return answer.record;
  }

  async fileRead(orderId: number, fileName: string): Promise<FileRead | null> {
    // A name no file can have (empty, over-long) is simply not the order's, as in-process.
    if (!fileReadRequestSchema.shape.fileName.safeParse(fileName).success) return null;
    const answer = await this.client.call(
      formsInternalPaths.fileRead,
      { orderId, fileName },
      fileReadResponseSchema,
    );
    return answer.read;
  }

  async checkPatientImage(userId: number, fileName: string): Promise<PatientImageCheck> {
    if (!patientImageRequestSchema.safeParse({ userId, fileName }).success) return 'missing';
    const answer = await this.client.call(
      formsInternalPaths.patientImageCheck,
      { userId, fileName },
      patientImageCheckResponseSchema,
    );
    return answer.check;
  }

  async patientImageRead(userId: number, fileName: string): Promise<FileRead | null> {
    if (!patientImageRequestSchema.safeParse({ userId, fileName }).success) return null;
    const answer = await this.client.call(
      formsInternalPaths.patientImageRead,
      { userId, fileName },
      fileReadResponseSchema,
    );
    return answer.read;
  }

  async checkPatientAttachment(userId: number, fileName: string): Promise<PatientAttachmentCheck> {
    if (!patientFileRequestSchema.safeParse({ userId, fileName }).success)
      return { check: 'missing' };
    return this.client.call(
      formsInternalPaths.patientAttachmentCheck,
      { userId, fileName },
      patientAttachmentCheckResponseSchema,
    );
  }

  async patientFileRead(userId: number, fileName: string): Promise<FileRead | null> {
    if (!patientFileRequestSchema.safeParse({ userId, fileName }).success) return null;
    const answer = await this.client.call(
      formsInternalPaths.patientFileRead,
      { userId, fileName },
      fileReadResponseSchema,
    );
    return answer.read;
  }

  async careRecord(orderId: number): Promise<CareRecord | null> {
    const answer = await this.client.call(
      formsInternalPaths.careRecord,
      { orderId },
      careRecordResponseSchema,
    );
    return answer.record;
  }
}
