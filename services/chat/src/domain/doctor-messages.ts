import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  doctorMessages as texts,
  patientWroteToDoctor,
  refusedFileText,
  type DoctorChatMessage,
  type DoctorProfile,
  type DoctorThread,
} from '@clinic/contracts';
import type { FormsRecords } from '@clinic/forms-client';
import type { IdentityDirectory } from '@clinic/identity-client';
import {
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  TooManyRequestsError,
  patientMessage,
  type ServiceRuntime,
} from '@clinic/kit';
import { doctorMessages, doctorThreads, encounters, type StoredAttachment } from '../db/schema';
import type { Agent } from './agents';
import { chatAudit } from './audit';
import { doctorRepliedMessage } from './doctor-replied-message';
import { patientName } from './patient-names';

type MessageRow = typeof doctorMessages.$inferSelect;
type ThreadRow = typeof doctorThreads.$inferSelect;

/** A patient may send this many doctor messages an hour: enough to ask, not to flood. */
const MESSAGES_PER_HOUR = { limit: 60, windowMs: 60 * 60 * 1000 };
const PREVIEW_LENGTH = 120;
const INBOX_LIMIT = 100;

/** A file as the browser names it: `url` is the `file_name` forms answered for the upload. */
export interface AttachmentRequest {
  url: string;
  type?: string;
  name?: string;
}

/** What the patient sends: text and/or files uploaded through forms (get-signed-url). */
export interface DoctorMessageRequest {
  message: string;
  encounterId: string;
  attachments: AttachmentRequest[];
}

/**
 * Doctor on Demand (spec 002): a patient's messages with the clinicians of their visits. A
 * patient writes only on a visit of theirs, each file checked by its bytes through forms before
 * it is kept, and announced (patient-wrote-to-doctor, without its text) with it; a clinician's
 * every read of a thread is audited before it is answered, and each answer queues the patient's
 * text (or email) in the same transaction.
 */
export class DoctorMessages {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly identity: IdentityDirectory,
    private readonly forms: FormsRecords,
    private readonly publicUrl: string,
  ) {}

  private now(): Date {
    return this.runtime.clock.now();
  }

  async send(userId: number, request: DoctorMessageRequest): Promise<number> {
    const body = request.message.trim();
    if (!body && request.attachments.length === 0)
      throw new InvalidRequestError(texts.needsTextOrFile);
    const encounter = await this.encounterOf(userId, request.encounterId);
    const rate = await this.runtime.engines.rateLimiter.hit(
      `doctor-message:${userId}`,
      MESSAGES_PER_HOUR,
    );
    if (!rate.allowed)
      throw new TooManyRequestsError(
        'You have sent many messages. Please wait a little before sending more.',
        rate.retryAfterMs,
      );
    // Outside the transaction: forms and identity may share the embedded database's connection.
    const files = await this.checkedFiles(userId, request.attachments);
    const name = await this.nameOf(userId);
    return this.runtime.transaction(async (tx, events) => {
      const now = this.now();
      const [row] = await tx
        .insert(doctorMessages)
        .values({
          userId,
          encounterId: encounter.encounterId,
          fromDoctor: false,
          body,
          attachments: files,
          createdAt: now,
        })
        .returning({ id: doctorMessages.id });
      const lastMessage = preview(body || files.map((f) => f.name).join(', '));
      const [thread] = await tx
        .select()
        .from(doctorThreads)
        .where(eq(doctorThreads.userId, userId))
        .for('update');
      if (thread)
        await tx
          .update(doctorThreads)
          .set({
            patientName: name,
            waitingSince: thread.waitingSince ?? now,
            lastMessageAt: now,
            lastMessage,
          })
          .where(eq(doctorThreads.userId, userId));
      else
        await tx.insert(doctorThreads).values({
          userId,
          patientName: name,
          waitingSince: now,
          lastMessageAt: now,
          lastMessage,
        });
      // The order's card stops asking the patient to answer a note of their doctor's.
      await events.publish(patientWroteToDoctor, {
        orderId: encounter.orderId,
        userId,
        messageId: row!.id,
        writtenAt: now.toISOString(),
      });
      return row!.id;
    });
  }

  /** The patient's messages, oldest first; files as short-lived read URLs. */
  async forPatient(userId: number): Promise<DoctorChatMessage[]> {
    const rows = await this.runtime.db
      .select()
      .from(doctorMessages)
      .where(eq(doctorMessages.userId, userId))
      .orderBy(asc(doctorMessages.id));
    return this.present(userId, rows);
  }

  /** The clinician of one of the patient's visits. */
  async profile(userId: number, encounterId: string): Promise<DoctorProfile> {
    const encounter = await this.encounterOf(userId, encounterId);
    if (encounter.clinicianId === null) throw new NotFoundError(texts.noDoctorYet);
    const clinician = await this.identity.clinicianProfile(encounter.clinicianId);
    if (!clinician) throw new NotFoundError(texts.noDoctorYet);
    return { name: clinician.name, npi: clinician.npi, bio: clinician.bio, image: clinician.image };
  }

  /** The threads for a clinician: a line per patient listed (once per 15 minutes), before the answer. */
  async inbox(view: 'waiting' | 'all', clinician: Agent): Promise<DoctorThread[]> {
    const db = this.runtime.db;
    const rows =
      view === 'waiting'
        ? await db
            .select()
            .from(doctorThreads)
            .where(isNotNull(doctorThreads.waitingSince))
            .orderBy(asc(doctorThreads.waitingSince))
            .limit(INBOX_LIMIT)
        : await db
            .select()
            .from(doctorThreads)
            .orderBy(desc(doctorThreads.lastMessageAt))
            .limit(INBOX_LIMIT);
    const newest = await this.newestEncounters(rows.map((r) => r.userId));
    const now = this.now();
    await chatAudit(this.runtime).recordEachPerWindow(
      db,
      clinician,
      rows.map((row) => ({
        action: 'doctor-thread.list',
        patientId: row.userId,
        subject: `inbox: ${view}`,
        at: now,
      })),
    );
    return rows.map((row) => toThread(row, newest.get(row.userId) ?? null));
  }

  /** One patient's thread for a clinician: the read is audited before it is answered. */
  async thread(
    userId: number,
    clinician: Agent,
  ): Promise<{ thread: DoctorThread; messages: DoctorChatMessage[] }> {
    const thread = await this.threadOf(userId);
    await chatAudit(this.runtime).record(this.runtime.db, clinician, {
      action: 'doctor-thread.read',
      patientId: userId,
      at: this.now(),
    });
    const rows = await this.runtime.db
      .select()
      .from(doctorMessages)
      .where(eq(doctorMessages.userId, userId))
      .orderBy(asc(doctorMessages.id));
    return { thread, messages: await this.present(userId, rows) };
  }

  /**
   * The clinician answers on the patient's newest visit, with text and/or files uploaded for the
   * patient (forms' attachment-upload: the patient's own files, checked as send() checks them);
   * the patient is told by text or email.
   */
  async reply(
    userId: number,
    clinician: Agent,
    answer: { message: string; attachments: AttachmentRequest[] },
  ): Promise<{ thread: DoctorThread; messages: DoctorChatMessage[] }> {
    const body = answer.message.trim();
    if (!body && answer.attachments.length === 0)
      throw new InvalidRequestError(texts.needsTextOrFile);
    const before = await this.threadOf(userId);
    // The patient reads answers in Doctor on Demand, which opens with their record (the first
    // claim of their case): before it, an answer would tell them of a tab they do not have.
    if (before.encounterId === null) throw new ConflictError(texts.noVisitYet);
    // Outside the transaction: forms and identity may share the embedded database's connection.
    const files = await this.checkedFiles(userId, answer.attachments);
    const lastMessage = preview(body || files.map((f) => f.name).join(', '));
    const profile = await this.identity.clinicianProfile(clinician.id);
    const authorName = profile?.name ?? clinician.name;
    await this.runtime.transaction(async (tx) => {
      const now = this.now();
      const [row] = await tx
        .insert(doctorMessages)
        .values({
          userId,
          encounterId: before.encounterId,
          fromDoctor: true,
          authorId: clinician.id,
          authorName,
          body,
          attachments: files,
          createdAt: now,
        })
        .returning({ id: doctorMessages.id });
      await tx
        .insert(doctorThreads)
        .values({
          userId,
          patientName: before.patientName,
          waitingSince: null,
          lastMessageAt: now,
          lastMessage,
        })
        .onConflictDoUpdate({
          target: doctorThreads.userId,
          set: { waitingSince: null, lastMessageAt: now, lastMessage },
        });
      await chatAudit(this.runtime).record(tx, clinician, {
        action: 'doctor-thread.reply',
        patientId: userId,
        at: now,
      });
      await this.runtime.queue
        .job(patientMessage)
        .enqueueAfterCommit(
          tx,
          { userId, ...doctorRepliedMessage(this.publicUrl) },
          { jobId: `doctor-replied-${row!.id}` },
        );
    });
    return this.thread(userId, clinician);
  }

  /**
   * Each file, checked by its bytes as one of the patient's own uploads (forms), with the name
   * to show; the first that fails refuses the whole message saying which file and why (too large,
   * not the kind its name says, not a kind the chat takes, not uploaded), and names it (`attachment`) so the composer can
   * take it off the message.
   */
  private async checkedFiles(
    userId: number,
    attachments: AttachmentRequest[],
  ): Promise<StoredAttachment[]> {
    const files: StoredAttachment[] = [];
    for (const file of attachments) {
      const name = file.name?.trim() || file.url;
      const checked = await this.forms.checkPatientAttachment(userId, file.url);
      if (checked.check !== 'ok') {
        const why =
          checked.check === 'too-large'
            ? texts.tooLarge(name)
            : checked.check === 'not-allowed'
              ? refusedFileText(name)
              : texts.fileMissing(name);
        throw new InvalidRequestError(why, { attachment: name });
      }
      files.push({ fileName: file.url, type: checked.kind, name });
    }
    return files;
  }

  /** The patient's visit by its id; another patient's, or an unknown one, is not found. */
  private async encounterOf(userId: number, encounterId: string) {
    const [encounter] = await this.runtime.db
      .select()
      .from(encounters)
      .where(and(eq(encounters.encounterId, encounterId), eq(encounters.userId, userId)));
    if (!encounter) throw new NotFoundError(texts.visitNotFound);
    return encounter;
  }

  /**
   * A patient's thread as the clinician sees it, even before their first message or their first
   * visit (a new case: the thread is simply empty, its visit null). Only someone who is not a
   * patient of the clinic is not found.
   */
  private async threadOf(userId: number): Promise<DoctorThread> {
    const newest = (await this.newestEncounters([userId])).get(userId) ?? null;
    const [row] = await this.runtime.db
      .select()
      .from(doctorThreads)
      .where(eq(doctorThreads.userId, userId));
    if (row) return toThread(row, newest);
    const contact = await this.identity.patientContact(userId);
    if (!contact) throw new NotFoundError(texts.patientNotFound);
    return {
      userId,
      patientName: patientName(userId, contact),
      waitingSince: null,
      lastMessageAt: null,
      lastMessage: null,
      encounterId: newest,
    };
  }

  private async newestEncounters(userIds: number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.runtime.db
      .select({ userId: encounters.userId, encounterId: encounters.encounterId })
      .from(encounters)
      .where(inArray(encounters.userId, userIds))
      .orderBy(asc(encounters.openedAt));
    // Oldest first: the newest of each patient is the last one set.
    return new Map(rows.map((r) => [r.userId, r.encounterId]));
  }

  private async nameOf(userId: number): Promise<string> {
    return patientName(userId, await this.identity.patientContact(userId));
  }

  private async present(userId: number, rows: MessageRow[]): Promise<DoctorChatMessage[]> {
    const out: DoctorChatMessage[] = [];
    for (const row of rows) {
      const attachments = [];
      for (const file of row.attachments) {
        const read = await this.forms.patientFileRead(userId, file.fileName);
        if (read) attachments.push({ url: read.url, type: file.type, name: file.name });
      }
      out.push({
        id: row.id,
        message: row.body,
        in_out: row.fromDoctor ? 0 : 1,
        is_doctor: row.fromDoctor,
        created_at: row.createdAt.toISOString(),
        attachments,
        author: row.fromDoctor ? (row.authorName ?? 'Your doctor') : null,
      });
    }
    return out;
  }
}

function toThread(row: ThreadRow, encounterId: string | null): DoctorThread {
  return {
    userId: row.userId,
    patientName: row.patientName,
    waitingSince: row.waitingSince?.toISOString() ?? null,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessage: row.lastMessage,
    encounterId,
  };
}

/** A message's first line for the clinicians' list. */
export function preview(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}
