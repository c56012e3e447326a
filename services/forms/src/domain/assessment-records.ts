/**
 * An order's assessment as the clinician reads it (the clinic's FormsRecords, issue 16), and
 * short-lived signed reads of the order's files. Guarantees:
 * - the record is built from forms' own stored submission: the questions asked, in the
 *   questionnaire's order, with the questionnaire's wording and the patient's answers in words
 *   (option titles, lists joined, an upload as its file name, a dose schedule month by month),
 *   follow-ups under the answer that opened them, and an answer marked critical when a chosen
 *   option is one the questionnaire marks critical or for review;
 * - each file has a short label ("Photo ID", "Full-body photo"), which the case view shows
 *   instead of the file's name wherever it appears;
 * - its files are exactly the order's: every upload answer, the identity video and the photos
 *   of the patient's dose adjustments; a file is read only when it is one of those, belongs to
 *   the order's patient and passed its content check (anything else is null, never an error
 *   that tells whether it exists);
 * - a signed read lasts five minutes;
 * - nothing of the record is ever logged or put in an error message.
 */
import { asc, desc, eq } from 'drizzle-orm';
import {
  parseStrength,
  photoLabelOf,
  questionIds,
  questionKeys,
  questionsById,
  specialNecessityStatements,
  type AskedQuestion,
  type AssessmentRecord,
  type CaseAnswer,
  type FileRead,
  type QuestionnaireFile,
  type QuestionnaireName,
} from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import { assessments, doseAdjustments, uploads, type StoredAnswer } from '../db/schema';
import type { UploadStorage } from '../storage/upload-storage';
import { checkedRead } from './uploads';

/** How long a clinician's signed read of a file lasts. */
export const FILE_READ_SECONDS = 300;

type RecordFile = AssessmentRecord['files'][number];

const isUpload = (a: StoredAnswer) =>
  a.question_type === 'image_upload' || a.question_type === 'file';

function chosenOf(answer: string | string[]): string[] {
  return Array.isArray(answer) ? answer : [answer];
}

/** What the case view calls an uploaded answer's file: its short name, else the question. */
const fileLabelOf = (stored: StoredAnswer) => photoLabelOf(stored.question) ?? stored.label;

/** The answer as the clinician reads it (an upload by its file name, which names it in Files). */
function answerInWords(stored: StoredAnswer): string {
  const { answer } = stored;
  if (stored.question_type === 'dose_optimization' && Array.isArray(answer))
    return answer
      .map((month, i) => {
        const strength = parseStrength(month);
        return `Month ${i + 1}: ${strength === null ? month : `${strength} mg`}`;
      })
      .join(', ');
  return Array.isArray(answer) ? answer.join(', ') : answer;
}

/** A chosen option the questionnaire marks as a contraindication or for review. */
function isCritical(question: AskedQuestion | undefined, stored: StoredAnswer): boolean {
  if (!question) return false;
  const chosen = chosenOf(stored.answer);
  return (question.options ?? []).some(
    (o) =>
      (o.is_critical === true || o.important === true || o.needs_review === true) &&
      chosen.includes(o.title),
  );
}

/** The statements of the special-necessities text, in the order it holds them. */
function necessitiesOf(text: string): string[] {
  if (text.trim() === '') return [];
  const known = Object.values(specialNecessityStatements)
    .map((statement) => ({ statement, at: text.indexOf(statement) }))
    .filter((s) => s.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((s) => s.statement);
  return known.length > 0 ? known : text.split(', ').filter((s) => s.trim() !== '');
}

const textOrNull = (text: string | undefined) => (text && text.trim() !== '' ? text : null);

export class AssessmentRecords {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly questionnaires: Readonly<Record<QuestionnaireName, QuestionnaireFile>>,
    private readonly storage: UploadStorage,
  ) {}

  /** The order's submitted assessment in words, or null when none is. */
  async record(orderId: number): Promise<AssessmentRecord | null> {
    const all = await this.assessmentsOf(orderId);
    const row = all[0];
    if (!row) return null;
    const file = this.questionnaires[row.questionnaire as QuestionnaireName] as
      QuestionnaireFile | undefined;
    const byId = file ? questionsById(file) : new Map<string, AskedQuestion>();
    // A portal re-upload is stored under its image type, which is the question's key.
    const questionOf = (stored: StoredAnswer) =>
      byId.get(stored.id) ?? file?.questions.find((q) => q.question === stored.question);
    const position = (stored: StoredAnswer) => {
      const id = questionOf(stored)?.id;
      const at = file?.questions.findIndex((q) => q.id === id) ?? -1;
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };

    const stored = [...row.answers, ...row.images];
    const topLevel = stored
      .map((s, i) => ({ s, i }))
      .filter(({ s }) => s.parentId === null)
      .sort((a, b) => position(a.s) - position(b.s) || a.i - b.i)
      .map(({ s }) => s);
    const answers: CaseAnswer[] = topLevel.map((s) => ({
      questionId: s.id,
      key: s.question,
      question: s.label,
      answer: answerInWords(s),
      critical: isCritical(questionOf(s), s),
      followUps: stored
        .filter((f) => f.parentId === s.id)
        .map((f) => ({ questionId: f.id, question: f.label, answer: answerInWords(f) })),
    }));
    // A follow-up marked critical makes its parent's answer critical: the clinician sees it there.
    for (const entry of answers)
      if (!entry.critical)
        entry.critical = stored.some(
          (f) => f.parentId === entry.questionId && isCritical(questionOf(f), f),
        );

    const asked = (id: string) => stored.some((s) => s.id === id);
    const weight = stored.find((s) => s.question === questionKeys.currentWeight);
    const pounds = typeof weight?.answer === 'string' ? Number(weight.answer.trim()) : NaN;

    return {
      orderId: row.orderId,
      userId: row.userId,
      form: row.form,
      questionnaireName: row.questionnaire,
      questionnaireVersion: row.questionnaireVersion,
      submittedAt: row.submittedAt.toISOString(),
      answers,
      specialNecessities: necessitiesOf(row.specialNecessities),
      allergies: asked(questionIds.allergies) ? textOrNull(row.additionalDetails.allergies) : null,
      medications: asked(questionIds.medications)
        ? textOrNull(row.additionalDetails.current_meds)
        : null,
      conditions: asked(questionIds.medicalConditions)
        ? textOrNull(row.additionalDetails.current_medical_condition)
        : null,
      weightPounds: weight && Number.isFinite(pounds) && pounds > 0 ? pounds : null,
      doseSchedulePreference: row.doseSchedule.map(Number),
      maintenancePreference: row.maintenanceDose ?? null,
      files: await this.filesOfAll(all),
    };
  }

  /** A five-minute signed read of one of the order's files; null when it is not the order's. */
  async fileRead(orderId: number, fileName: string): Promise<FileRead | null> {
    const all = await this.assessmentsOf(orderId);
    if (all.length === 0) return null;
    const files = await this.filesOfAll(all);
    if (!files.some((f) => f.fileName === fileName)) return null;
    const [upload] = await this.runtime.db
      .select({
        key: uploads.key,
        userId: uploads.userId,
        checkedAt: uploads.checkedAt,
        kind: uploads.detectedKind,
      })
      .from(uploads)
      .where(eq(uploads.fileName, fileName));
    if (!upload || upload.userId !== all[0]!.userId || !upload.checkedAt) return null;
    const now = this.runtime.clock.now();
    const url = await this.storage.signedGetUrl(
      upload.key,
      checkedRead(upload.kind, FILE_READ_SECONDS),
    );
    return { url, expiresAt: new Date(now.getTime() + FILE_READ_SECONDS * 1000).toISOString() };
  }

  /** Every assessment of the order, newest first (the first one, then refill check-ins). */
  private assessmentsOf(orderId: number) {
    return this.runtime.db
      .select()
      .from(assessments)
      .where(eq(assessments.orderId, orderId))
      .orderBy(desc(assessments.submittedAt), desc(assessments.id));
  }

  /** The files of all the order's assessments, newest first, each once. */
  private async filesOfAll(rows: (typeof assessments.$inferSelect)[]): Promise<RecordFile[]> {
    const seen = new Set<string>();
    const files: RecordFile[] = [];
    for (const row of rows)
      for (const file of await this.filesOf(row))
        if (!seen.has(file.fileName)) {
          seen.add(file.fileName);
          files.push(file);
        }
    return files;
  }

  private async filesOf(row: typeof assessments.$inferSelect): Promise<RecordFile[]> {
    const files: RecordFile[] = [];
    const add = (file: RecordFile) => {
      if (file.fileName !== '' && !files.some((f) => f.fileName === file.fileName))
        files.push(file);
    };
    for (const answer of [...row.answers, ...row.images])
      if (isUpload(answer))
        for (const name of chosenOf(answer.answer))
          add({ fileName: name, kind: 'image', label: fileLabelOf(answer) });
    if (row.videoFileName)
      add({ fileName: row.videoFileName, kind: 'video', label: 'Identity video' });
    const adjustments = await this.runtime.db
      .select({ photo: doseAdjustments.photoFileName })
      .from(doseAdjustments)
      .where(eq(doseAdjustments.orderId, row.orderId))
      .orderBy(asc(doseAdjustments.id));
    for (const { photo } of adjustments)
      add({ fileName: photo, kind: 'image', label: 'Dose adjustment photo' });
    return files;
  }
}
