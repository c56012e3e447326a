/**
 * The prescription's way back to the patient (spec 002 sections 2 and 4): the clinician's
 * prescription waits on the confirmation page; Approve accepts it as written
 * (`prescription-accepted`), Decline & Update with Doctor opens adjust-doses, whose request (the
 * doses wished for and a photo of the current prescription) goes back to the clinician
 * (`dose-adjustment-submitted`). Each answer is taken once, with the order row locked, and its
 * event is published in the same transaction. With no answer within 12 hours the
 * accept-unanswered-prescription job accepts it as written under the same lock: whichever of the
 * two comes second finds the prescription answered (the patient is told there is nothing
 * waiting for an answer).
 */
import { and, eq } from 'drizzle-orm';
import {
  doseAdjustmentSubmitted,
  doseLadders,
  drugLabels,
  fillMissingDoses,
  isScheduleWithinLadder,
  ladderStep,
  parseStrength,
  prescriptionAccepted,
  prescriptionMessages,
  questionKeys,
  type Principal,
  type SubmittedAnswer,
} from '@clinic/contracts';
import {
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  type ServiceRuntime,
} from '@clinic/kit';
import { doseAdjustments, orders, prescriptions, type FormsOrderStatus } from '../db/schema';
import { ownOrder } from './orders';
import { UploadProblem, type Uploads } from './uploads';

/** Orders whose prescription the patient may still adjust. */
const adjustable: readonly FormsOrderStatus[] = [
  'prescription_received',
  'awaiting_dose_adjustment',
];

export interface AdjustmentInput {
  form_id: number;
  images: SubmittedAnswer[];
  patientPreference: (number | string)[];
  selectedDoses?: (number | string)[];
  maintanenceDose?: number | string;
}

const strengthOf = (v: number | string): number | null =>
  typeof v === 'number' ? v : parseStrength(v);

export class Prescriptions {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly uploads: Uploads,
  ) {}

  private async prescriptionOf(orderId: number) {
    const [row] = await this.runtime.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.orderId, orderId));
    return row;
  }

  /** GET /api/prescription-pending/{id}: the items waiting for the caller's answer. */
  async pending(principal: Principal, orderId: number) {
    const order = await ownOrder(this.runtime.db, principal, orderId);
    const prescription = await this.prescriptionOf(orderId);
    if (order.status !== 'prescription_received' || !prescription)
      throw new NotFoundError(prescriptionMessages.noPrescription);
    return prescription.items.map(({ rxId, name, directions }) => ({ rxId, name, directions }));
  }

  /** POST /api/prescription-update/{id}: Approve (accept) or Decline & Update with Doctor. */
  async answer(
    principal: Principal,
    orderId: number,
    accept: boolean,
  ): Promise<{ message: string; redirect: string }> {
    await this.runtime.transaction(async (tx, events) => {
      // The order row's lock orders this answer with the 12-hour timeout's (and a new
      // prescription's): whichever comes second sees the first's result.
      const order = await ownOrder(tx, principal, orderId, { forUpdate: true });
      const [prescription] = await tx
        .select()
        .from(prescriptions)
        .where(eq(prescriptions.orderId, orderId));
      if (order.status !== 'prescription_received' || !prescription || prescription.answer !== null)
        throw new ConflictError(prescriptionMessages.noPrescription);
      const now = this.runtime.clock.now();
      await tx
        .update(prescriptions)
        .set({ answer: accept ? 'accepted' : 'declined', answeredAt: now })
        .where(eq(prescriptions.orderId, orderId));
      await tx
        .update(orders)
        .set({
          status: accept ? 'prescription_accepted' : 'awaiting_dose_adjustment',
          updatedAt: now,
        })
        .where(eq(orders.orderId, orderId));
      if (accept)
        await events.publish(prescriptionAccepted, {
          orderId,
          userId: order.userId,
          prescriptionId: prescription.prescriptionId,
          acceptedBy: 'patient',
          acceptedAt: now.toISOString(),
        });
    });
    return accept
      ? { message: prescriptionMessages.accepted, redirect: '/home' }
      : { message: prescriptionMessages.declined, redirect: `/adjust-doses/${orderId}` };
  }

  /** GET /api/prescription-getorder/{id}: what adjust-doses starts from. */
  async adjustableOrder(principal: Principal, orderId: number) {
    const order = await ownOrder(this.runtime.db, principal, orderId);
    const prescription = await this.prescriptionOf(orderId);
    if (!adjustable.includes(order.status) || !prescription)
      throw new NotFoundError(prescriptionMessages.noPrescription);
    return {
      product_id: order.productId,
      drug: order.drug,
      doseSchedule: prescription.doseSchedule,
      maintenanceDose: prescription.maintenanceDose,
    };
  }

  /** POST /api/submit-adjust-doses-form: the doses asked for, with the prescription's photo. */
  async submitAdjustment(principal: Principal, input: AdjustmentInput): Promise<void> {
    const orderId = input.form_id;
    const order = await ownOrder(this.runtime.db, principal, orderId);
    const prescription = await this.prescriptionOf(orderId);
    if (!adjustable.includes(order.status) || !prescription)
      throw new ConflictError(prescriptionMessages.noPrescription);

    const photo = input.images.find(
      (i) =>
        i.id === questionKeys.prescriptionPhoto || i.question === questionKeys.prescriptionPhoto,
    )?.answer;
    if (typeof photo !== 'string' || photo.trim() === '')
      throw new InvalidRequestError(prescriptionMessages.photoRequired);
    try {
      await this.uploads.check(order.userId, photo, 'image');
    } catch (err) {
      if (err instanceof UploadProblem) throw new InvalidRequestError(err.message);
      throw err;
    }

    const drug = order.drug;
    const label = drugLabels[drug].toLowerCase();
    const wished = (input.selectedDoses ?? input.patientPreference).map(strengthOf);
    if (wished.length > 12)
      throw new InvalidRequestError('The dose schedule has more than 12 months.');
    if (wished.some((m) => m === null || ladderStep(drug, m) < 0))
      throw new InvalidRequestError(
        `The dose schedule must use the ${label} strengths (${doseLadders[drug].join(', ')} mg).`,
      );
    const months = wished as number[];
    if (months.length > 0 && !isScheduleWithinLadder(drug, months))
      throw new InvalidRequestError(
        'The dose schedule may change by at most one strength a month.',
      );
    const filled = fillMissingDoses(drug, months);
    const maintenance =
      input.maintanenceDose === undefined ? filled.maintenance : strengthOf(input.maintanenceDose);
    if (maintenance === null || ladderStep(drug, maintenance) < 0)
      throw new InvalidRequestError(`The maintenance dose must be one of the ${label} strengths.`);

    await this.runtime.transaction(async (tx, events) => {
      const locked = await ownOrder(tx, principal, orderId, { forUpdate: true });
      // Under the lock: the order may have been answered (by the 12-hour timeout too) or given a
      // newer prescription since the checks above.
      const [current] = await tx
        .select({ prescriptionId: prescriptions.prescriptionId })
        .from(prescriptions)
        .where(eq(prescriptions.orderId, orderId));
      if (
        !adjustable.includes(locked.status) ||
        current?.prescriptionId !== prescription.prescriptionId
      )
        throw new ConflictError(prescriptionMessages.noPrescription);
      const now = this.runtime.clock.now();
      await tx.insert(doseAdjustments).values({
        orderId,
        prescriptionId: prescription.prescriptionId,
        userId: order.userId,
        doseSchedule: filled.months,
        maintenanceDose: maintenance,
        photoFileName: photo,
        submittedAt: now,
      });
      await tx
        .update(prescriptions)
        .set({ answer: 'declined', answeredAt: now })
        .where(
          and(
            eq(prescriptions.orderId, orderId),
            eq(prescriptions.prescriptionId, prescription.prescriptionId),
          ),
        );
      await tx
        .update(orders)
        .set({ status: 'dose_adjustment_submitted', updatedAt: now })
        .where(eq(orders.orderId, orderId));
      await events.publish(doseAdjustmentSubmitted, {
        orderId,
        userId: order.userId,
        prescriptionId: prescription.prescriptionId,
        doseSchedule: filled.months,
        maintenanceDose: maintenance,
        submittedAt: now.toISOString(),
      });
    });
  }
}
