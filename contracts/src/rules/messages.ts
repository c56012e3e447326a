/**
 * What a patient may write to the clinic, in the live chat (spec 000 section 5) and to their
 * doctor (spec 002 "Doctor chat"): one rule for both, at most 256 characters, and the widgets'
 * limits and timers built on it.
 */
import { clinicianNoteMax } from './review';
import { maxImageBytes } from './uploads';

/** A patient's message: at most this many characters, in the support chat and to the doctor. */
export const messageMax = 256;
/** Ours: what the server says to a message over `messageMax`. */
export const messageTooLong = `Messages can be at most ${messageMax} characters.`;

/** Spec 000 section 9: the chat widget's limits and timers. */
export const chatLimits = {
  messageMax,
  reconnectAttempts: 5,
  reconnectDelayMs: 1000,
  reconnectDelayMaxMs: 5000,
  timeoutMs: 10_000,
  /** After a disconnect the widget tries again after this long. */
  retryTimerMs: 5000,
  onlinePingMs: 120_000,
  /** "User not initialized" retries initialization this many times, with growing delay. */
  initRetries: 3,
} as const;

/** Spec 002 section 9: the doctor chat's limits and accepted types. */
export const doctorChatLimits = {
  messageMax,
  /** The clinician's answers may say more. */
  replyMax: clinicianNoteMax,
  attachmentMaxBytes: maxImageBytes,
  attachmentsPerMessage: 5,
  /** By extension, as the file picker offers them. */
  acceptedTypes: ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png', 'gif', 'mp4', 'avi', 'mov'],
} as const;
