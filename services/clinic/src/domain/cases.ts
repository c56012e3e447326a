/**
 * A clinician's work on one case: claiming it (which opens the patient's clinical record on the
 * first claim), giving it back, and deciding it (approve with a prescription, deny, or ask for
 * more). Each runs in one transaction under the case's row lock, so two clinicians cannot both
 * claim or decide one case; each writes its decision row, its audit line, its event and the
 * patient's email together, or nothing.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  antiNausea,
  appointmentRequired,
  assessmentDenied,
  clinicalRecordOpened,
  clinicianNoteWritten,
  clinicMessages,
  doctorTabPath,
  doseLadders,
  isScheduleWithinLadder,
  prescribedItemName,
  prescriptionApproved,
  type CasePrescription,
  type CaseSummary,
  type DecisionKind,
  type Drug,
  type PrescriptionItem,
} from '@clinic/contracts';
import {
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  patientMessage,
  type EventWriter,
  type PatientMessageText,
  type ServiceRuntime,
  type Tx,
} from '@clinic/kit';
import {
  caseMessages,
  cases,
  decisions,
  encounters,
  missedDoseFlags,
  patientRecords,
  prescriptions,
  sideEffectReports,
  type CaseRow,
} from '../db/schema';
import { type AuditAction, auditStaff, clinicAudit, type StaffRequest } from './audit';
import { reviewableStatuses, summariesOf } from './case-summaries';
import { toCasePrescription } from './prescriptions';
import { staffName } from './staff-members';

export interface Prescribing {
  drug: Drug;
  doseSchedule: number[];
  maintenanceDose: number | null;
  directions: string;
  vials: number;
  note?: string;
}

export type MoreKind = 'message' | 'video' | 'visit' | 'visit-missed';

const requestDecision: Record<MoreKind, DecisionKind> = {
  message: 'request-message',
  video: 'request-video',
  visit: 'request-visit',
  'visit-missed': 'visit-missed',
};

const antiNauseaDirections =
  'Take 1 tablet by mouth every 8 hours as needed for nausea. Do not take more than 3 tablets in 24 hours.';

export class Cases {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly publicUrl: string,
  ) {}

  async claim(orderId: number, who: StaffRequest): Promise<CaseSummary> {
    return this.onCase(orderId, async (tx, events, row, now) => {
      await this.refuseOtherHolder(tx, row, who);
      if (row.claimedBy !== who.member.id) {
        await tx
          .update(cases)
          .set({ claimedBy: who.member.id, claimedAt: now, updatedAt: now })
          .where(eq(cases.orderId, orderId));
        await this.record(tx, row, who, 'claim', 'case.claim', now);
      }
      await this.openClinicalRecord(tx, events, row, who, now);
    });
  }

  async release(orderId: number, who: StaffRequest): Promise<CaseSummary> {
    return this.onCase(orderId, async (tx, _events, row, now) => {
      await this.refuseUnlessHeld(tx, row, who);
      await tx
        .update(cases)
        .set({ claimedBy: null, claimedAt: null, updatedAt: now })
        .where(eq(cases.orderId, orderId));
      await this.record(tx, row, who, 'release', 'case.release', now);
    });
  }

  async approve(
    orderId: number,
    who: StaffRequest,
    rx: Prescribing,
  ): Promise<{ case: CaseSummary; prescription: CasePrescription }> {
    let written: CasePrescription | undefined;
    const summary = await this.onCase(orderId, async (tx, events, row, now) => {
      await this.refuseUnlessHeld(tx, row, who);
      if (row.status === 'needs-video') throw new ConflictError(clinicMessages.videoMissing);
      checkPrescribing(row, rx);
      const prescriptionId = `rx-${orderId}-${randomBytes(5).toString('hex')}`;
      const items = prescriptionItems(prescriptionId, rx, row.antiNausea);
      await tx
        .update(prescriptions)
        .set({ status: 'superseded' })
        .where(and(eq(prescriptions.orderId, orderId), eq(prescriptions.status, 'pending')));
      const [stored] = await tx
        .insert(prescriptions)
        .values({
          prescriptionId,
          orderId,
          userId: row.userId,
          drug: rx.drug,
          doseSchedule: rx.doseSchedule,
          maintenanceDose: rx.maintenanceDose,
          directions: rx.directions,
          vials: rx.vials,
          items,
          status: 'pending',
          approvedBy: who.member.id,
          approvedByName: who.member.name,
          approvedAt: now,
        })
        .returning();
      written = toCasePrescription(stored!);
      await tx
        .update(cases)
        .set({
          status: 'approved',
          adjustmentRequested: false,
          refillCheckIn: false,
          decidedAt: now,
          updatedAt: now,
        })
        .where(eq(cases.orderId, orderId));
      await this.record(tx, row, who, 'approve', 'case.approve', now, rx.note, prescriptionId);
      await events.publish(prescriptionApproved, {
        orderId,
        userId: row.userId,
        prescriptionId,
        drug: rx.drug,
        items,
        doseSchedule: rx.doseSchedule,
        maintenanceDose: rx.maintenanceDose,
        approvedAt: now.toISOString(),
        clinicianId: who.member.id,
      });
      await this.email(tx, row, `approved-${prescriptionId}`, (link) => ({
        subject: 'Your prescription is ready for you to review',
        body: `Good news: your clinician has approved your treatment and written your prescription.\n\nPlease review and confirm it here: ${link(`/prescription/${orderId}`)}\n\nIf you do not answer within 12 hours, it will be sent to the pharmacy as written.`,
        text: `your prescription is ready. Please review and confirm it within 12 hours: ${link(`/prescription/${orderId}`)}`,
        alsoEmail: true,
      }));
    });
    return { case: summary, prescription: written! };
  }

  async deny(orderId: number, who: StaffRequest, reason: string): Promise<CaseSummary> {
    return this.onCase(orderId, async (tx, events, row, now) => {
      await this.refuseUnlessHeld(tx, row, who);
      await tx
        .update(cases)
        .set({
          status: 'denied',
          outcome: 'denied',
          outcomeReason: reason,
          decidedAt: now,
          updatedAt: now,
        })
        .where(eq(cases.orderId, orderId));
      await this.record(tx, row, who, 'deny', 'case.deny', now, reason);
      // The reason stays in the clinic: the patient reads it on /rejected/{id}.
      await events.publish(assessmentDenied, {
        orderId,
        userId: row.userId,
        reason: null,
        deniedAt: now.toISOString(),
      });
      await this.email(tx, row, `denied-${orderId}`, (link) => ({
        subject: 'An update on your application',
        body: `Your clinician has reviewed your medical assessment and is not able to prescribe this treatment for you at this time.\n\nYou can read your clinician's explanation here: ${link(`/rejected/${orderId}`)}\n\nYour payment is being refunded in full; you will receive a separate email when the refund is on its way.`,
      }));
    });
  }

  /**
   * Asks the patient for more. The clinician's note is kept in the clinic's record of the case
   * and of the decision, and published (clinician-note-written) in the same transaction, so the
   * chat posts it to the patient's Doctor on Demand thread if and only if the decision stands;
   * the email says where to read and answer it. `doctorName` is how the patient reads the
   * clinician ("Dr. First Last"; their staff name when they have no profile).
   */
  async requestMore(
    orderId: number,
    who: StaffRequest,
    kind: MoreKind,
    message: string,
    doctorName: string = who.member.name,
  ): Promise<CaseSummary> {
    return this.onCase(orderId, async (tx, events, row, now) => {
      await this.refuseUnlessHeld(tx, row, who);
      if (kind === 'video')
        await tx
          .update(cases)
          .set({ status: 'needs-video', videoRequired: true, videoReceived: false, updatedAt: now })
          .where(eq(cases.orderId, orderId));
      if (kind === 'visit' || kind === 'visit-missed')
        await tx
          .update(cases)
          .set({
            status: 'appointment-required',
            outcome: kind === 'visit' ? 'appointment_required' : 'meeting_missed',
            updatedAt: now,
          })
          .where(eq(cases.orderId, orderId));
      await this.record(tx, row, who, requestDecision[kind], 'case.request', now, message);
      if (kind !== 'message')
        await events.publish(appointmentRequired, {
          orderId,
          userId: row.userId,
          kind,
          requiredAt: now.toISOString(),
        });
      // The claim opened the visit (refuseUnlessHeld: the case is held, so it was claimed).
      const noteId = await this.writeNote(tx, events, row, who, message, doctorName, now);
      await this.email(tx, row, `request-${orderId}-${noteId}`, (link) =>
        moreEmail(kind, message, link, orderId, row.state),
      );
    });
  }

  /**
   * Answers a side-effect report (issue 31): any clinician may, held or not, since an urgent one
   * cannot wait for a claim. The answer is kept in the case's messages, published as the
   * clinician's note (the chat posts it to the patient's Doctor on Demand thread) and the patient
   * is told where to read it, all with the report marked answered, in one transaction.
   */
  async answerSideEffect(
    orderId: number,
    reportId: number,
    who: StaffRequest,
    message: string,
    doctorName: string = who.member.name,
  ): Promise<CaseSummary> {
    return this.onCase(orderId, async (tx, events, row, now) => {
      const [report] = await tx
        .select()
        .from(sideEffectReports)
        .where(
          and(eq(sideEffectReports.reportId, reportId), eq(sideEffectReports.orderId, orderId)),
        )
        .for('update');
      if (!report) throw new NotFoundError(clinicMessages.sideEffectReportNotFound);
      if (report.answeredAt) throw new ConflictError(clinicMessages.sideEffectAnswered);
      await tx
        .update(sideEffectReports)
        .set({ answeredAt: now, answeredBy: who.member.id })
        .where(eq(sideEffectReports.reportId, reportId));
      await this.answerBetweenShipments(tx, events, row, who, now, {
        action: 'side-effect.answer',
        subject: String(reportId),
        message,
        doctorName,
        jobId: `side-effect-answer-${reportId}`,
        write: (link) => ({
          subject: 'Your clinician answered your report',
          body: `Your clinician has answered the side effect you reported. Read it on the Doctor tab of your patient portal: ${link('/home')}`,
          text: `Your clinician answered your report. Read it in your portal: ${link('/home')}`,
        }),
      });
    });
  }

  /**
   * Answers a case flagged for weekly doses missed in a row (issue 31): any clinician may, held or
   * not, as for a side-effect report. Every open flag of the order is marked answered with the
   * note kept, published and announced to the patient, in one transaction. Never flagged: not
   * found; every flag already answered: a conflict.
   */
  async answerMissedDoses(
    orderId: number,
    who: StaffRequest,
    message: string,
    doctorName: string = who.member.name,
  ): Promise<CaseSummary> {
    return this.onCase(orderId, async (tx, events, row, now) => {
      const flags = await tx
        .select()
        .from(missedDoseFlags)
        .where(eq(missedDoseFlags.orderId, orderId))
        .for('update');
      if (flags.length === 0) throw new NotFoundError(clinicMessages.missedDosesNotFlagged);
      const open = flags.filter((f) => f.answeredAt === null).map((f) => f.dueDay);
      if (open.length === 0) throw new ConflictError(clinicMessages.missedDosesAnswered);
      await tx
        .update(missedDoseFlags)
        .set({ answeredAt: now, answeredBy: who.member.id })
        .where(and(eq(missedDoseFlags.orderId, orderId), isNull(missedDoseFlags.answeredAt)));
      const latest = open.sort().at(-1)!;
      await this.answerBetweenShipments(tx, events, row, who, now, {
        action: 'missed-doses.answer',
        subject: latest,
        message,
        doctorName,
        jobId: `missed-doses-answer-${orderId}-${latest}`,
        write: (link) => ({
          subject: 'Your clinician wrote about your missed doses',
          body: `Your clinician has written to you about the weekly doses you missed. Please read it before your next dose, on the Doctor tab of your patient portal: ${link(doctorTabPath)}`,
          text: `Your clinician wrote about your missed doses. Read it before your next dose: ${link(doctorTabPath)}`,
        }),
      });
    });
  }

  /**
   * What every answer between shipments does once its concern is marked answered: the audit
   * line, the clinician's note (kept and published for the Doctor on Demand thread; a case with
   * no visit yet is refused) and the patient's message saying where to read it.
   */
  private async answerBetweenShipments(
    tx: Tx,
    events: EventWriter,
    row: CaseRow,
    who: StaffRequest,
    now: Date,
    answer: {
      action: AuditAction;
      subject: string;
      message: string;
      doctorName: string;
      jobId: string;
      write: (link: (path: string) => string) => PatientMessageText;
    },
  ): Promise<void> {
    await clinicAudit(this.runtime).record(tx, auditStaff(who), {
      action: answer.action,
      orderId: row.orderId,
      patientId: row.userId,
      subject: answer.subject,
      at: now,
    });
    await this.writeNote(
      tx,
      events,
      row,
      who,
      answer.message,
      answer.doctorName,
      now,
      clinicMessages.noVisitToAnswer,
    );
    await this.email(tx, row, answer.jobId, answer.write);
  }

  /**
   * The clinician's note to the patient: kept in the case's messages and published
   * (clinician-note-written) on the visit, for the chat to post it to the patient's Doctor on
   * Demand thread. A case with no visit yet is refused with `noVisit`. Answers the note's id.
   */
  private async writeNote(
    tx: Tx,
    events: EventWriter,
    row: CaseRow,
    who: StaffRequest,
    message: string,
    doctorName: string,
    now: Date,
    noVisit: string = clinicMessages.notClaimed,
  ): Promise<number> {
    const [encounter] = await tx
      .select()
      .from(encounters)
      .where(eq(encounters.orderId, row.orderId));
    if (!encounter) throw new ConflictError(noVisit);
    const [note] = await tx
      .insert(caseMessages)
      .values({
        orderId: row.orderId,
        userId: row.userId,
        sender: 'clinician',
        staffId: who.member.id,
        authorName: who.member.name,
        body: message,
        at: now,
      })
      .returning({ id: caseMessages.id });
    await events.publish(clinicianNoteWritten, {
      noteId: note!.id,
      orderId: row.orderId,
      userId: row.userId,
      encounterId: encounter.encounterId,
      encounterOpenedAt: encounter.openedAt.toISOString(),
      clinicianId: who.member.id,
      authorName: doctorName,
      patientName: row.patientName,
      message,
      writtenAt: now.toISOString(),
    });
    return note!.id;
  }

  /** Runs `work` on the locked case and answers the case as it then stands. */
  private async onCase(
    orderId: number,
    work: (tx: Tx, events: EventWriter, row: CaseRow, now: Date) => Promise<void>,
  ): Promise<CaseSummary> {
    const row = await this.runtime.transaction(async (tx, events) => {
      const [locked] = await tx
        .select()
        .from(cases)
        .where(eq(cases.orderId, orderId))
        .for('update');
      if (!locked) throw new NotFoundError(clinicMessages.caseNotFound);
      await work(tx, events, locked, this.runtime.clock.now());
      const [after] = await tx.select().from(cases).where(eq(cases.orderId, orderId));
      return after!;
    });
    const [summary] = await summariesOf(this.runtime.db, [row]);
    return summary!;
  }

  private async refuseOtherHolder(tx: Tx, row: CaseRow, who: StaffRequest): Promise<void> {
    if (!reviewableStatuses.some((s) => s === row.status)) {
      if (['approved', 'accepted', 'denied'].includes(row.status))
        throw new ConflictError(clinicMessages.alreadyDecided(row.status));
      throw new ConflictError(clinicMessages.notReviewable);
    }
    if (row.claimedBy !== null && row.claimedBy !== who.member.id)
      throw new ConflictError(clinicMessages.claimedBy(await staffName(tx, row.claimedBy)));
  }

  private async refuseUnlessHeld(tx: Tx, row: CaseRow, who: StaffRequest): Promise<void> {
    await this.refuseOtherHolder(tx, row, who);
    if (row.claimedBy !== who.member.id) throw new ConflictError(clinicMessages.notClaimed);
  }

  private async record(
    tx: Tx,
    row: CaseRow,
    who: StaffRequest,
    kind: DecisionKind,
    action: AuditAction,
    at: Date,
    note?: string | null,
    prescriptionId?: string,
  ): Promise<void> {
    await tx.insert(decisions).values({
      orderId: row.orderId,
      kind,
      staffId: who.member.id,
      staffName: who.member.name,
      note: note ?? null,
      prescriptionId: prescriptionId ?? null,
      at,
    });
    await clinicAudit(this.runtime).record(tx, auditStaff(who), {
      action,
      orderId: row.orderId,
      patientId: row.userId,
      subject: prescriptionId ?? null,
      at,
    });
  }

  /**
   * The patient's clinical record and this order's encounter, made on the case's first claim and
   * published once each, naming the claiming clinician: identity keeps the health id, the portal
   * the encounter, the chat the encounter's clinician.
   */
  private async openClinicalRecord(
    tx: Tx,
    events: EventWriter,
    row: CaseRow,
    who: StaffRequest,
    now: Date,
  ): Promise<void> {
    const [existing] = await tx
      .select({ encounterId: encounters.encounterId })
      .from(encounters)
      .where(eq(encounters.orderId, row.orderId));
    if (existing) return;
    await tx
      .insert(patientRecords)
      .values({ userId: row.userId, healthId: newHealthId(), openedAt: now })
      .onConflictDoNothing({ target: patientRecords.userId });
    const [record] = await tx
      .select({ healthId: patientRecords.healthId })
      .from(patientRecords)
      .where(eq(patientRecords.userId, row.userId));
    const encounterId = newEncounterId();
    await tx
      .insert(encounters)
      .values({ orderId: row.orderId, userId: row.userId, encounterId, openedAt: now });
    await events.publish(clinicalRecordOpened, {
      userId: row.userId,
      orderId: row.orderId,
      healthId: record!.healthId,
      encounterId,
      openedAt: now.toISOString(),
      clinicianId: who.member.id,
    });
  }

  /** Queues the patient's message with the transaction: it goes if and only if the decision stands. */
  private async email(
    tx: Tx,
    row: CaseRow,
    jobId: string,
    write: (link: (path: string) => string) => PatientMessageText,
  ): Promise<void> {
    const email = write((path) => `${this.publicUrl}${path}`);
    await this.runtime.queue
      .job(patientMessage)
      .enqueueAfterCommit(tx, { userId: row.userId, ...email }, { jobId });
  }
}

/** The clinician's prescription, checked against the order and the spec's ladders. */
function checkPrescribing(row: CaseRow, rx: Prescribing): void {
  if (rx.drug !== row.drug)
    throw new InvalidRequestError(`This order is for ${row.drug}; prescribe ${row.drug}.`);
  if (!isScheduleWithinLadder(rx.drug, rx.doseSchedule))
    throw new InvalidRequestError(clinicMessages.scheduleOffLadder);
  if (rx.maintenanceDose !== null && !doseLadders[rx.drug].includes(rx.maintenanceDose))
    throw new InvalidRequestError(clinicMessages.maintenanceOffLadder);
}

export function prescriptionItems(
  prescriptionId: string,
  rx: Prescribing,
  withAntiNausea: boolean,
): PrescriptionItem[] {
  const drugName = rx.drug === 'semaglutide' ? 'Semaglutide' : 'Tirzepatide';
  const items: PrescriptionItem[] = [
    {
      rxId: `${prescriptionId}-1`,
      name: prescribedItemName(drugName, rx.vials),
      directions: `${rx.directions} ${weeklyDoses(rx)}`,
      strength: rx.doseSchedule[0]!,
    },
  ];
  if (withAntiNausea)
    items.push({
      rxId: `${prescriptionId}-2`,
      name: `Ondansetron 4 mg tablets (${antiNausea.name}), 30 tablets`,
      directions: antiNauseaDirections,
      strength: null,
    });
  return items;
}

/**
 * The month-by-month strengths in the patient's words, after the clinician's directions: the
 * confirmation page shows only the items' directions, and a patient must see every step.
 */
export function weeklyDoses(rx: Pick<Prescribing, 'doseSchedule' | 'maintenanceDose'>): string {
  const months = rx.doseSchedule.map((mg, i) => `month ${i + 1}: ${mg} mg`).join(', ');
  const after =
    rx.maintenanceDose === null ? '' : ` After that, ${rx.maintenanceDose} mg once a week.`;
  return `Your dose, once a week: ${months}.${after}`;
}

/**
 * The email of a request for more: the clinician's words, and where to read and answer them (the
 * portal's Doctor on Demand, where the note is a message of the patient's thread), with the page
 * the request needs when it needs one.
 */
function moreEmail(
  kind: MoreKind,
  message: string,
  link: (path: string) => string,
  orderId: number,
  state: string,
): PatientMessageText {
  const words = `Your clinician wrote:\n\n${message}\n\n`;
  const answer = `Read and answer it in your portal (Doctor on Demand): ${link(doctorTabPath)}`;
  switch (kind) {
    case 'message':
      return {
        subject: 'Your clinician has a question',
        body: `${words}${answer}\n\nYour clinician will finish reviewing your assessment once you answer.`,
      };
    case 'video':
      return {
        subject: 'Your clinician needs a short identity video',
        body: `${words}Please record and upload it here: ${link(`/upload-video/${orderId}?state=${state}`)}\n\n${answer}`,
      };
    case 'visit':
      return {
        subject: 'Your clinician would like a short visit with you',
        body: `${words}Our care team will contact you to book a time.\n\n${answer}`,
      };
    case 'visit-missed':
      return {
        subject: 'We missed you at your visit',
        body: `${words}See how to book a new time here: ${link('/meeting-missed')}\n\n${answer}`,
      };
  }
}

function newHealthId(): string {
  return `H${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

function newEncounterId(): string {
  return `E${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}
