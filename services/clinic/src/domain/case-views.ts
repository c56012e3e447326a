/**
 * What a clinician reads of a case, and the signed reads of its files. Every read is written to
 * the audit trail before anything is handed out; forms answers the assessment and signs the URLs.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { clinicMessages, type CaseView, type FileRead } from '@clinic/contracts';
import type { FormsRecords } from '@clinic/forms-client';
import type { IdentityDirectory } from '@clinic/identity-client';
import { NotFoundError, type ServiceRuntime } from '@clinic/kit';
import {
  caseMessages,
  cases,
  contactChecks,
  decisions,
  doseAdjustments,
  encounters,
  patientRecords,
  prescriptions,
  sideEffectReports,
  type CaseRow,
} from '../db/schema';
import { auditStaff, clinicAudit, type StaffRequest } from './audit';
import { summariesOf } from './case-summaries';
import { toCasePrescription } from './prescriptions';

export class CaseViews {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly identity: IdentityDirectory,
    private readonly forms: FormsRecords,
  ) {}

  async read(orderId: number, who: StaffRequest): Promise<CaseView> {
    const db = this.runtime.db;
    const row = await this.caseOf(orderId);
    await clinicAudit(this.runtime).record(db, auditStaff(who), {
      action: 'case.read',
      orderId,
      patientId: row.userId,
      at: this.runtime.clock.now(),
    });
    const [
      contact,
      record,
      ownCases,
      rxRows,
      decisionRows,
      messageRows,
      adjustment,
      health,
      encounter,
      checks,
      care,
      answered,
    ] = await Promise.all([
      this.identity.patientContact(row.userId),
      this.forms.assessmentRecord(orderId),
      db.select().from(cases).where(eq(cases.userId, row.userId)).orderBy(desc(cases.orderId)),
      db
        .select()
        .from(prescriptions)
        .where(eq(prescriptions.userId, row.userId))
        .orderBy(desc(prescriptions.approvedAt)),
      db.select().from(decisions).where(eq(decisions.orderId, orderId)).orderBy(asc(decisions.id)),
      db
        .select()
        .from(caseMessages)
        .where(eq(caseMessages.orderId, orderId))
        .orderBy(asc(caseMessages.id)),
      db
        .select()
        .from(doseAdjustments)
        .where(eq(doseAdjustments.orderId, orderId))
        .orderBy(desc(doseAdjustments.submittedAt))
        .limit(1),
      db.select().from(patientRecords).where(eq(patientRecords.userId, row.userId)),
      db.select().from(encounters).where(eq(encounters.orderId, orderId)),
      db.select().from(contactChecks).where(eq(contactChecks.userId, row.userId)),
      this.forms.careRecord(orderId),
      db.select().from(sideEffectReports).where(eq(sideEffectReports.orderId, orderId)),
    ]);
    const [summary, ...earlier] = await summariesOf(db, [
      row,
      ...ownCases.filter((c) => c.orderId !== orderId),
    ]);
    const heightInches = contact?.height_inch ?? null;
    const weightPounds = record?.weightPounds ?? contact?.weight ?? null;
    const weights: CaseView['weights'] = [];
    if (contact?.weight && row.paidAt)
      weights.push({ at: row.paidAt.toISOString(), pounds: contact.weight });
    if (record?.weightPounds) weights.push({ at: record.submittedAt, pounds: record.weightPounds });
    weights.push(...(care?.weights ?? []));
    weights.sort((a, b) => a.at.localeCompare(b.at));
    // Forms keeps the report; the clinic knows whether a clinician answered it.
    const answeredAt = new Map(answered.map((r) => [r.reportId, r.answeredAt]));
    const latestAdjustment = adjustment[0];
    return {
      case: summary!,
      patient: {
        firstName: contact?.first_name ?? '',
        lastName: contact?.last_name ?? '',
        email: contact?.email ?? '',
        phone: contact?.phone ?? '',
        gender: contact?.gender ?? null,
        state: contact?.state || row.state,
        healthId: health[0]?.healthId ?? null,
        encounterId: encounter[0]?.encounterId ?? null,
        phoneCheck: checks.find((c) => c.channel === 'phone')?.outcome ?? null,
        emailCheck: checks.find((c) => c.channel === 'email')?.outcome ?? null,
      },
      assessment: record && {
        form: record.form,
        questionnaireVersion: record.questionnaireVersion,
        submittedAt: record.submittedAt,
        heightInches,
        weightPounds,
        bmi: bmiOf(heightInches, weightPounds),
        answers: record.answers,
        criticalCount: record.answers.filter((a) => a.critical).length,
        specialNecessities: record.specialNecessities,
        allergies: record.allergies,
        medications: record.medications,
        conditions: record.conditions,
        doseSchedulePreference: record.doseSchedulePreference,
        maintenancePreference: record.maintenancePreference,
        files: record.files,
      },
      adjustment:
        row.adjustmentRequested && latestAdjustment
          ? {
              doseSchedule: latestAdjustment.doseSchedule,
              maintenanceDose: latestAdjustment.maintenanceDose,
              submittedAt: latestAdjustment.submittedAt.toISOString(),
            }
          : null,
      weights,
      antiNausea: row.antiNausea,
      care: care && {
        ...care,
        sideEffects: care.sideEffects.map((r) => ({
          ...r,
          answered_at: answeredAt.get(r.id)?.toISOString() ?? r.answered_at,
        })),
      },
      earlierOrders: earlier,
      prescriptions: rxRows.map(toCasePrescription),
      decisions: decisionRows.map((d) => ({
        id: d.id,
        kind: d.kind,
        by: { id: d.staffId, name: d.staffName },
        at: d.at.toISOString(),
        note: d.note,
        prescriptionId: d.prescriptionId,
      })),
      messages: messageRows.map((m) => ({
        id: m.id,
        from: m.sender,
        by: m.authorName,
        body: m.body,
        at: m.at.toISOString(),
      })),
    };
  }

  async fileRead(orderId: number, fileName: string, who: StaffRequest): Promise<FileRead> {
    const row = await this.caseOf(orderId);
    const read = await this.forms.fileRead(orderId, fileName);
    if (!read) throw new NotFoundError(clinicMessages.fileNotInCase);
    await clinicAudit(this.runtime).record(this.runtime.db, auditStaff(who), {
      action: 'file.read',
      orderId,
      patientId: row.userId,
      subject: fileName,
      at: this.runtime.clock.now(),
    });
    return read;
  }

  private async caseOf(orderId: number): Promise<CaseRow> {
    const [row] = await this.runtime.db.select().from(cases).where(eq(cases.orderId, orderId));
    if (!row) throw new NotFoundError(clinicMessages.caseNotFound);
    return row;
  }
}

/** Body-mass index from inches and pounds, one decimal. */
export function bmiOf(inches: number | null, pounds: number | null): number | null {
  if (!inches || !pounds) return null;
  return Math.round((703 * pounds * 10) / (inches * inches)) / 10;
}
