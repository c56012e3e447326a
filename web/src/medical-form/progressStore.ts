/**
 * The questionnaire's saved progress (spec 002 section 3, "Saved progress record"; section 4,
 * "Progress restore"): kept in the browser's localStorage under a key per form id, written on
 * every change, with the three newest earlier writes kept as backups (newest first) for when the
 * main record cannot be read. A record older than 168 hours is discarded and cleared, an invalid
 * one cleared. The answers are health data: they stay in this browser only to survive a reload
 * or a crash, and are cleared once the form is submitted (or withdrawn).
 *
 * Pure apart from localStorage; the clock is passed in.
 */
import { medicalFormKeyPrefix } from '../session/browserStorage';

export const PROGRESS_VERSION = '1.0';
/** Spec 002 section 9: saved progress is valid 168 hours (7 days). */
export const PROGRESS_MAX_AGE_MS = 168 * 60 * 60 * 1000;
/** Spec 002 section 9: a gap of more than 5 minutes in an unfinished form suggests a crash. */
export const CRASH_THRESHOLD_MS = 5 * 60 * 1000;
export const BACKUP_COUNT = 3;

export type StoredAnswer = string | string[];

export interface ProgressRecord {
  /** Where the patient was in the questions asked (0-based). */
  currentQuestionIndex: number;
  /** The id of that question: what restore uses first (the index moves when answers change). */
  currentQuestionId: string | null;
  /** Question id -> answer. */
  answers: Record<string, StoredAnswer>;
  /** The multiple-choice answers among them, question id -> options in the order chosen. */
  multipleChoiceAnswers: Record<string, string[]>;
  /** The answer being given to the current question, not yet confirmed with Next. */
  currentAnswer: StoredAnswer | null;
  maintanenceDose: string;
  /** The strength chosen for each month ("2.5"), '' where none is chosen yet. */
  selectedDoses: string[];
  selectedDrug: string;
  productPurchased: string;
  months: number;
  savedAt: number;
  sessionId: string;
  url: string;
  userAgent: string;
  crashRecovery: {
    lastActiveTimestamp: number;
    pageLoadTimestamp: number;
    totalAnswersCount: number;
    isFormComplete: boolean;
  };
  version: string;
}

export const progressKey = (formId: string) => `${medicalFormKeyPrefix}progress.${formId}`;
export const backupKey = (formId: string, n: number) => `${progressKey(formId)}.backup.${n}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or denied: progress is simply not kept.
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to remove
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');
const isAnswer = (v: unknown): v is StoredAnswer => typeof v === 'string' || isStrings(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Whether a parsed value is a progress record of this version. */
export function isProgressRecord(value: unknown): value is ProgressRecord {
  if (!isObject(value)) return false;
  const crash = value.crashRecovery;
  return (
    value.version === PROGRESS_VERSION &&
    isNumber(value.currentQuestionIndex) &&
    value.currentQuestionIndex >= 0 &&
    (value.currentQuestionId === null || typeof value.currentQuestionId === 'string') &&
    isObject(value.answers) &&
    Object.values(value.answers).every(isAnswer) &&
    isObject(value.multipleChoiceAnswers) &&
    Object.values(value.multipleChoiceAnswers).every(isStrings) &&
    (value.currentAnswer === null || isAnswer(value.currentAnswer)) &&
    typeof value.maintanenceDose === 'string' &&
    isStrings(value.selectedDoses) &&
    typeof value.selectedDrug === 'string' &&
    typeof value.productPurchased === 'string' &&
    isNumber(value.months) &&
    isNumber(value.savedAt) &&
    typeof value.sessionId === 'string' &&
    typeof value.url === 'string' &&
    typeof value.userAgent === 'string' &&
    isObject(crash) &&
    isNumber(crash.lastActiveTimestamp) &&
    isNumber(crash.pageLoadTimestamp) &&
    isNumber(crash.totalAnswersCount) &&
    typeof crash.isFormComplete === 'boolean'
  );
}

function parse(raw: string | null): ProgressRecord | 'invalid' | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isProgressRecord(value) ? value : 'invalid';
  } catch {
    return 'invalid';
  }
}

/**
 * Writes the record as the main one; what was the main record becomes the newest backup and the
 * oldest of three backups goes.
 */
export function saveProgress(formId: string, record: ProgressRecord): void {
  const main = progressKey(formId);
  const previous = read(main);
  if (previous !== null && parse(previous) !== 'invalid') {
    for (let n = BACKUP_COUNT - 1; n > 0; n -= 1) {
      const older = read(backupKey(formId, n - 1));
      if (older === null) remove(backupKey(formId, n));
      else write(backupKey(formId, n), older);
    }
    write(backupKey(formId, 0), previous);
  }
  write(main, JSON.stringify(record));
}

/** Removes the form's progress and its backups (after submit, on expiry). */
export function clearProgress(formId: string): void {
  remove(progressKey(formId));
  for (let n = 0; n < BACKUP_COUNT; n += 1) remove(backupKey(formId, n));
}

export interface RestoredProgress {
  record: ProgressRecord;
  /** The main record, or the backup it came from (0 the newest). */
  from: 'main' | `backup.${number}`;
  /** Last active more than 5 minutes ago with the form unfinished: probably a crash. */
  crashSuspected: boolean;
}

/**
 * The saved progress of `formId`: the main record, else the newest readable backup. An
 * unreadable record is cleared; a readable one older than 168 hours clears everything (null).
 */
export function loadProgress(formId: string, now: number): RestoredProgress | null {
  const candidates: { key: string; from: RestoredProgress['from'] }[] = [
    { key: progressKey(formId), from: 'main' },
    ...Array.from({ length: BACKUP_COUNT }, (_, n) => ({
      key: backupKey(formId, n),
      from: `backup.${n}` as const,
    })),
  ];
  for (const { key, from } of candidates) {
    const parsed = parse(read(key));
    if (parsed === null) continue;
    if (parsed === 'invalid') {
      remove(key);
      continue;
    }
    if (now - parsed.savedAt > PROGRESS_MAX_AGE_MS) {
      clearProgress(formId);
      return null;
    }
    const crashSuspected =
      !parsed.crashRecovery.isFormComplete &&
      now - parsed.crashRecovery.lastActiveTimestamp > CRASH_THRESHOLD_MS;
    if (crashSuspected) {
      // Logged only, and without any answer: health data never leaves this record.
      console.info('Medical form: resuming after a possible crash', {
        formId,
        minutesAway: Math.round((now - parsed.crashRecovery.lastActiveTimestamp) / 60_000),
        answers: parsed.crashRecovery.totalAnswersCount,
        from,
      });
    }
    return { record: parsed, from, crashSuspected };
  }
  return null;
}

/** A random id of this page load, to tell two tabs' records apart. */
export function newSessionId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
