/**
 * What the clinic asks forms directly, because a clinician's screen needs the answer within one
 * request: an order's assessment in words, a short-lived signed read of one of its files, and its
 * care between shipments. In
 * single-node mode the calls run in-process (LocalFormsRecords in @clinic/forms); in cluster mode
 * they go over HTTP to forms' internal routes with the cluster secret (HttpFormsRecords). Both
 * pass one shared suite (forms-records.suite.ts in @clinic/forms). The caller audits the read.
 */
import type {
  AssessmentRecord,
  CareRecord,
  FileRead,
  PatientAttachmentCheck,
  PatientImageCheck,
} from '@clinic/contracts';

export interface FormsRecords {
  /** The latest assessment submitted for the order (answers in words), or null when none is. */
  assessmentRecord(orderId: number): Promise<AssessmentRecord | null>;
  /**
   * A signed URL valid for a few minutes to one of the order's files (an answer's photo, the
   * identity video, a dose-adjustment photo); null when the file is not the order's.
   */
  fileRead(orderId: number, fileName: string): Promise<FileRead | null>;
  /**
   * Whether one of the patient's own uploads (get-signed-url) is there and is an image within
   * 5 MB by its content; a file that fails is deleted. 'missing' for another patient's file.
   */
  checkPatientImage(userId: number, fileName: string): Promise<PatientImageCheck>;
  /** A signed URL valid for a few minutes to a patient's checked image; null when it is not theirs. */
  patientImageRead(userId: number, fileName: string): Promise<FileRead | null>;
  /**
   * Whether one of the patient's own uploads (get-signed-url) may be a doctor chat attachment:
   * there, within 5 MB, and by its bytes one of the chat's kinds (pdf, doc, docx, txt, jpg, png,
   * gif, mp4, avi, mov) that its name and content type agree with; with that kind (a JPEG is
   * 'jpg'), the Content-Type of its bytes and its size. A file that fails is deleted (one already
   * checked as an answer of the medical form is only judged). 'missing' for another patient's
   * file or an unknown name.
   */
  checkPatientAttachment(userId: number, fileName: string): Promise<PatientAttachmentCheck>;
  /**
   * A signed URL valid for a few minutes to one of the patient's checked uploads of any kind (a
   * chat attachment, an image, a video); null when it is not theirs or not checked.
   */
  patientFileRead(userId: number, fileName: string): Promise<FileRead | null>;
  /**
   * The order's weeks between shipments (issue 31): adherence over the last 8 due weeks, the
   * side-effect reports and the weights logged with doses; null when forms knows no such order.
   */
  careRecord(orderId: number): Promise<CareRecord | null>;
}
