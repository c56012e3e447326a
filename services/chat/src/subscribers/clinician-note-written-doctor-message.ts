/**
 * A clinician asking a patient for more wrote them a note (the clinic's clinician-note-written,
 * published in the decision's transaction): it becomes a message of the patient's Doctor on
 * Demand thread, from that clinician, where the patient reads and answers it and the clinicians
 * see it beside the case. Then doctor-note-posted lets the order's card send the patient there.
 *
 * Runs at least once: the inbox and the note's unique id (clinic_note_id) make a redelivery store
 * nothing and announce nothing again. The visit comes with the event, so a note that arrives
 * before clinical-record-opened (another topic) is not refused: the visit is recorded from it and
 * the later event completes it. Nobody is notified here: the clinic's email is the notice. The
 * text is stored and never logged.
 */
import { sql } from 'drizzle-orm';
import { clinicianNoteWritten, doctorNotePosted } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { doctorMessages, doctorThreads, encounters } from '../db/schema';
import { preview } from '../domain/doctor-messages';

export const clinicianNoteWrittenDoctorMessageSubscriber = defineSubscriber({
  name: 'post-clinician-notes',
  event: clinicianNoteWritten,
  async handle(data, { tx, events }) {
    const at = new Date(data.writtenAt);
    await tx
      .insert(encounters)
      .values({
        encounterId: data.encounterId,
        userId: data.userId,
        orderId: data.orderId,
        clinicianId: data.clinicianId,
        openedAt: new Date(data.encounterOpenedAt),
      })
      .onConflictDoNothing({ target: encounters.encounterId });
    const [posted] = await tx
      .insert(doctorMessages)
      .values({
        userId: data.userId,
        encounterId: data.encounterId,
        fromDoctor: true,
        authorId: data.clinicianId,
        authorName: data.authorName,
        body: data.message,
        attachments: [],
        createdAt: at,
        clinicNoteId: data.noteId,
      })
      .onConflictDoNothing({ target: doctorMessages.clinicNoteId })
      .returning({ id: doctorMessages.id });
    if (!posted) return;
    const lastMessage = preview(data.message);
    // The clinic writing does not answer what the patient may be waiting on: their wait stays.
    // A note delivered late does not replace a newer last message.
    await tx
      .insert(doctorThreads)
      .values({
        userId: data.userId,
        patientName: data.patientName.trim() || `Patient #${data.userId}`,
        waitingSince: null,
        lastMessageAt: at,
        lastMessage,
      })
      .onConflictDoUpdate({
        target: doctorThreads.userId,
        set: {
          lastMessage: sql`case when excluded.last_message_at >= ${doctorThreads.lastMessageAt} then excluded.last_message else ${doctorThreads.lastMessage} end`,
          lastMessageAt: sql`greatest(${doctorThreads.lastMessageAt}, excluded.last_message_at)`,
        },
      });
    await events.publish(doctorNotePosted, {
      orderId: data.orderId,
      userId: data.userId,
      messageId: posted.id,
      postedAt: at.toISOString(),
    });
  },
});
