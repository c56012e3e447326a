import type { FormsRecords } from '@clinic/forms-client';
import type { IdentityDirectory } from '@clinic/identity-client';
import type { StaffedHours } from './domain/staffed-hours';

/** What chat is given by whoever runs it (the gateway in single-node mode, main.ts in a cluster). */
export interface ChatDeps {
  /** Resolves a socket's session token, names patients and agents, finds accounts by email. */
  identity: IdentityDirectory;
  /** Checks the doctor chat's attachments by content and signs reads of them. */
  forms: FormsRecords;
  /** Where the patient's texts and emails link to (the web app's origin). */
  publicUrl: string;
  /** When support answers, and how fast (CHAT_STAFFED_HOURS, CLINIC_TIME_ZONE). */
  hours: StaffedHours;
  replyMinutes: number;
  doctorReplyHours: number;
  /** Provider 1's outside messaging page (spec 002), or null. */
  doctorMessagingUrl: string | null;
  /**
   * Redis for socket.io's adapter, so that every chat process reaches every socket (cluster
   * mode); absent, the sockets live in this one process (socket.io's in-memory adapter).
   */
  redisUrl?: string;
  /** How often the sockets' sessions are re-checked (30 s unless given; tests go faster). */
  sessionSweepMs?: number;
}
