/**
 * Care between shipments (issue 31): the patient's weekly injection day, the "This week" card and
 * the dose log, for the newest order the clinic prescribed for them.
 * Guarantees:
 * - only the caller's own order: another's is "not found", and nothing is written for it;
 * - the injection day opens once the first shipment arrived and closes when the subscription
 *   ended or the order was denied or withdrawn;
 * - a wall time the clocks skip on a spring-forward night of the coming year is refused; saving
 *   a day queues its first reminder with the same commit (jobs/dose-reminder.ts keeps it going);
 * - a moved day's first dose keeps the labels' gap after the last dose logged (48 hours for
 *   semaglutide, 72 for tirzepatide: rules/dose-day-change.ts), a week later if need be;
 * - one dose per order and due week, never in the patient's future or before the first delivery;
 * - doses and weights are health information: nothing here logs them or puts them in an error.
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  addDays,
  adherenceWeeks,
  countsForDueDay,
  dayInZone,
  earlierDueDays,
  farEnoughApart,
  formatUsDate,
  injectionWeek,
  occurrenceOn,
  injectionWeekdays,
  canonicalTimeZone,
  missedDoseAdvice,
  missedWeeksBeforeRestartReview,
  missingInjectionDay,
  nextInjectionSite,
  strengthOnDay,
  type CareRecord,
  type DoseLogEntry,
  type Drug,
  type InjectionDay,
  type InjectionDaySetting,
  type InjectionOccurrence,
  type LogDoseRequest,
  type ThisWeek,
} from '@clinic/contracts';
import {
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  type ServiceRuntime,
} from '@clinic/kit';
import { doseLogs, injectionDays, orders, prescriptions } from '../db/schema';
import { scheduleDoseReminders } from '../jobs/definitions/dose-reminder';
import { sideEffectReportsOf } from './side-effects';

type CareOrder = Awaited<ReturnType<Care['careOrder']>>;
type DoseLogRow = typeof doseLogs.$inferSelect;

export const careMessages = {
  noTreatment: 'You have no treatment to schedule right now.',
  notDelivered: 'You can pick your injection day once your first shipment has arrived.',
  pickDayFirst: 'Pick your injection day first.',
  unknownTimeZone: 'We do not know that time zone. Choose one like America/New_York.',
  futureDose: 'The day you took your dose cannot be in the future.',
  beforeDelivery: 'That day is before your first shipment arrived.',
  orderNotFound: 'Order not found.',
} as const;

export class Care {
  constructor(private readonly runtime: ServiceRuntime) {}

  /** The caller's newest prescribed order with its prescription, or null. */
  async careOrder(userId: number) {
    const [row] = await this.runtime.db
      .select({ order: orders, prescription: prescriptions })
      .from(orders)
      .innerJoin(prescriptions, eq(prescriptions.orderId, orders.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.paidAt), desc(orders.orderId))
      .limit(1);
    return row ?? null;
  }

  async thisWeek(userId: number): Promise<ThisWeek> {
    const found = await this.careOrder(userId);
    const [setting] = await this.runtime.db
      .select()
      .from(injectionDays)
      .where(eq(injectionDays.userId, userId));
    const logs = found ? await this.logsOf(found.order.orderId) : [];
    const base: ThisWeek = {
      status: 'none',
      order_id: found?.order.orderId ?? null,
      drug: found?.order.drug ?? null,
      injection_day: setting ? settingOut(setting) : null,
      current: null,
      next: null,
      suggested_site: nextInjectionSite(logs[0]?.site ?? null),
      missed_in_a_row: 0,
      missed_dose: null,
      refill_check_in: null,
    };
    if (!found) return base;
    if (isStopped(found)) return { ...base, status: 'stopped' };
    // The refill form reopened the prescribed order (refill-check-in-due).
    if (found.order.status === 'pending_approval')
      base.refill_check_in = {
        order_id: found.order.orderId,
        ship_on: found.order.refillShipOn?.toISOString() ?? null,
      };
    const deliveredAt = found.order.firstDeliveredAt;
    if (!deliveredAt) return { ...base, status: 'awaiting-delivery' };
    if (!setting) return { ...base, status: 'pick-day' };

    const now = this.runtime.clock.now();
    const weeks = dueWeeks(setting, deliveredAt, logs, now);
    const { week, current, logged, missed, missedInARow } = weeks;
    // A refill's prescription replaces the schedule: its month 1 starts with the refill's
    // shipment (or its approval when no check-in date is known), not the first delivery.
    const scheduleStart =
      found.prescription.approvedAt > deliveredAt
        ? dayInZone(found.order.refillShipOn ?? found.prescription.approvedAt, setting.timeZone)
        : weeks.firstDay;
    const strengthOn = (d: string) =>
      strengthOnDay(
        found.prescription.doseSchedule,
        found.prescription.maintenanceDose,
        scheduleStart,
        d,
      );
    // Two weeks or more missed in a row: wait for the clinician, even on the next dose's day.
    const advice =
      current && (missed || missedInARow >= missedWeeksBeforeRestartReview)
        ? missedDoseAdvice({
            drug: found.order.drug,
            dueAt: current.at,
            nextDueAt: week.next.at,
            now,
            missedInARow,
          })
        : null;
    return {
      ...base,
      status: 'scheduled',
      current: current && {
        day: current.day,
        at: current.at.toISOString(),
        strength: strengthOn(current.day),
        logged: logged && entryOut(logged),
      },
      next: {
        day: week.next.day,
        at: week.next.at.toISOString(),
        strength: strengthOn(week.next.day),
      },
      missed_in_a_row: missedInARow,
      missed_dose: advice && {
        action: advice.action,
        take_by: advice.takeBy?.toISOString() ?? null,
        text: advice.text,
      },
    };
  }

  /**
   * The clinician's reading of an order's weeks (FormsRecords.careRecord): adherence over the
   * last 8 due weeks (a week counts once its dose is a day overdue or logged), the side-effect
   * reports with unanswered urgent ones first, and the weights logged with doses, oldest first.
   * Null when forms knows no such order.
   */
  async record(orderId: number): Promise<CareRecord | null> {
    const [order] = await this.runtime.db.select().from(orders).where(eq(orders.orderId, orderId));
    if (!order) return null;
    const [setting] = await this.runtime.db
      .select()
      .from(injectionDays)
      .where(eq(injectionDays.userId, order.userId));
    const logs = await this.logsOf(orderId);
    const adherence = { weeks: 0, logged: 0, missed: 0, missedInARow: 0 };
    if (setting && order.firstDeliveredAt) {
      const weeks = dueWeeks(setting, order.firstDeliveredAt, logs, this.runtime.clock.now());
      for (const due of weeks.counted) {
        adherence.weeks += 1;
        if (due.logged) adherence.logged += 1;
        else adherence.missed += 1;
      }
      adherence.missedInARow = weeks.missedInARow;
    }
    const reports = await sideEffectReportsOf(this.runtime, orderId);
    const pressing = (r: (typeof reports)[number]) =>
      r.level === 'urgent' && !r.answered_at ? 0 : 1;
    return {
      adherence,
      sideEffects: [...reports].sort((a, b) => pressing(a) - pressing(b)),
      weights: logs
        .filter((l) => l.weightLbs !== null)
        .map((l) => ({ at: l.loggedAt.toISOString(), pounds: l.weightLbs as number }))
        .reverse(),
    };
  }

  async saveInjectionDay(userId: number, input: InjectionDaySetting): Promise<ThisWeek> {
    const timeZone = canonicalTimeZone(input.time_zone.trim());
    if (!timeZone) throw new InvalidRequestError(careMessages.unknownTimeZone);
    const setting: InjectionDay = { weekday: input.weekday, time: input.time.trim(), timeZone };
    const now = this.runtime.clock.now();
    const skipped = missingInjectionDay(setting, now);
    // Well formed, but at odds with the zone's clocks that night: a conflict, not a bad request.
    if (skipped)
      throw new ConflictError(
        `${setting.time} does not exist on ${formatUsDate(skipped)} where you live: the clocks jump forward an hour that night. Pick another time.`,
      );
    const found = await this.careOrder(userId);
    if (!found || isStopped(found)) throw new ConflictError(careMessages.noTreatment);
    if (!found.order.firstDeliveredAt) throw new ConflictError(careMessages.notDelivered);
    const [saved] = await this.runtime.db
      .select()
      .from(injectionDays)
      .where(eq(injectionDays.userId, userId));
    const unchanged =
      saved?.weekday === setting.weekday &&
      saved.time === setting.time &&
      saved.timeZone === setting.timeZone;
    // The same day saved again keeps its start: the weeks missed under it still count.
    const startsAt = unchanged
      ? saved.startsAt
      : await this.firstDoseAfterChange(userId, found.order.drug, saved, setting, now);
    const row = { ...setting, savedAt: unchanged ? saved.savedAt : now, startsAt };
    await this.runtime.transaction(async (tx) => {
      await tx
        .insert(injectionDays)
        .values({ userId, ...row })
        .onConflictDoUpdate({ target: injectionDays.userId, set: row });
      // The reminders of the day saved before see the change and stop their own chain.
      await scheduleDoseReminders(this.runtime, tx, userId, firstDoseFrom(setting, startsAt, now));
    });
    return this.thisWeek(userId);
  }

  async logDose(userId: number, input: LogDoseRequest): Promise<DoseLogEntry> {
    const [order] = await this.runtime.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderId, input.order_id), eq(orders.userId, userId)));
    if (!order) throw new NotFoundError(careMessages.orderNotFound);
    const [prescription] = await this.runtime.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.orderId, order.orderId));
    if (!prescription || isStopped({ order, prescription }))
      throw new ConflictError(careMessages.noTreatment);
    if (!order.firstDeliveredAt) throw new ConflictError(careMessages.notDelivered);
    const [setting] = await this.runtime.db
      .select()
      .from(injectionDays)
      .where(eq(injectionDays.userId, userId));
    if (!setting) throw new ConflictError(careMessages.pickDayFirst);
    const now = this.runtime.clock.now();
    const timeZone = setting.timeZone;
    if (input.taken_on > dayInZone(now, timeZone))
      throw new InvalidRequestError(careMessages.futureDose);
    if (input.taken_on < dayInZone(order.firstDeliveredAt, timeZone))
      throw new InvalidRequestError(careMessages.beforeDelivery);
    const dueDay = dueDayOf(input.taken_on, setting.weekday);
    const [row] = await this.runtime.db
      .insert(doseLogs)
      .values({
        userId,
        orderId: order.orderId,
        takenOn: input.taken_on,
        dueDay,
        strength: input.strength,
        site: input.site,
        weightLbs: input.weight_lbs ?? null,
        loggedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new ConflictError(
        `A dose is already logged for your injection day of ${formatUsDate(dueDay)}.`,
      );
    return entryOut(row);
  }

  async doseLog(userId: number): Promise<DoseLogEntry[]> {
    const rows = await this.runtime.db
      .select()
      .from(doseLogs)
      .where(eq(doseLogs.userId, userId))
      .orderBy(desc(doseLogs.takenOn), desc(doseLogs.id));
    return rows.map(entryOut);
  }

  /**
   * When a new day's doses start counting: now, or the first dose on the new day that keeps the
   * label's gap after the last dose logged (taken, as far as we know, at the old day's time).
   */
  private async firstDoseAfterChange(
    userId: number,
    drug: Drug,
    saved: typeof injectionDays.$inferSelect | undefined,
    setting: InjectionDay,
    now: Date,
  ): Promise<Date> {
    const [last] = await this.runtime.db
      .select({ takenOn: doseLogs.takenOn })
      .from(doseLogs)
      .where(eq(doseLogs.userId, userId))
      .orderBy(desc(doseLogs.takenOn))
      .limit(1);
    if (!last) return now;
    const lastAt =
      occurrenceOn(saved ? settingIn(saved) : setting, last.takenOn)?.at ??
      new Date(`${last.takenOn}T12:00:00Z`);
    const next = injectionWeek(setting, now).next;
    if (farEnoughApart(drug, lastAt, next.at)) return now;
    // The labels' gap is at most 3 days: the dose a week later always keeps it.
    return injectionWeek(setting, next.at).next.at;
  }

  private logsOf(orderId: number) {
    return this.runtime.db
      .select()
      .from(doseLogs)
      .where(eq(doseLogs.orderId, orderId))
      .orderBy(desc(doseLogs.takenOn), desc(doseLogs.id))
      .limit(adherenceWeeks + 2);
  }
}

interface DueWeeks {
  week: ReturnType<typeof injectionWeek>;
  firstDay: string;
  /** The latest dose due at or before now, once the injection day applies. */
  current: InjectionOccurrence | null;
  logged: DoseLogRow | null;
  /** The current dose is a day overdue and not logged. */
  missed: boolean;
  missedInARow: number;
  /** The due weeks that count, newest first (at most 8): the current one once it is logged or missed. */
  counted: { day: string; logged: boolean }[];
}

/** The patient's due weeks under their injection day, from the first delivery on. */
function dueWeeks(
  setting: typeof injectionDays.$inferSelect,
  deliveredAt: Date,
  logs: readonly DoseLogRow[],
  now: Date,
): DueWeeks {
  const day = settingIn(setting);
  const firstDay = dayInZone(deliveredAt, day.timeZone);
  // Doses due before the day applied (the first delivery, or the day's last change) are not the
  // patient's to miss: a dose taken under the old day covers its week.
  const sinceAt = Math.max(deliveredAt.getTime(), setting.startsAt.getTime());
  const applies = (due: string) => (occurrenceOn(day, due)?.at.getTime() ?? 0) >= sinceAt;
  const loggedFor = (due: string) => logs.find((l) => l.dueDay === due) ?? null;
  let week = injectionWeek(day, now);
  // A day moved a week on to keep the labels' gap: its first dose is the next one.
  if (week.next.at.getTime() < sinceAt)
    week = { current: week.current, next: injectionWeek(day, new Date(sinceAt - 1)).next };
  // A dose logged early (up to two days before) makes its coming day the week's: it is ticked.
  if (loggedFor(week.next.day))
    week = { current: week.next, next: injectionWeek(day, week.next.at).next };
  const current = week.current.at.getTime() >= sinceAt ? week.current : null;
  const logged = current ? loggedFor(current.day) : null;
  const missed =
    current !== null && logged === null && now.getTime() >= current.at.getTime() + 86_400_000;
  const earlier = current
    ? earlierDueDays(
        current.day,
        dayInZone(new Date(sinceAt), day.timeZone),
        adherenceWeeks,
      ).filter(applies)
    : [];
  // The finished weeks missed in a row before the current one: they stand until a dose is
  // logged, so the advice to wait for the clinician does not lapse at the next injection day.
  let missedBefore = 0;
  for (const d of earlier) {
    if (loggedFor(d)) break;
    missedBefore += 1;
  }
  const missedInARow = logged ? 0 : missed ? missedBefore + 1 : missedBefore;
  const counted = [...(current && (logged || missed) ? [current.day] : []), ...earlier]
    .slice(0, adherenceWeeks)
    .map((d) => ({ day: d, logged: loggedFor(d) !== null }));
  return { week, firstDay, current, logged, missed, missedInARow, counted };
}

/** The first dose a setting reminds of: its first at or after `startsAt`, once past now. */
function firstDoseFrom(setting: InjectionDay, startsAt: Date, now: Date): Date {
  const from = startsAt > now ? new Date(startsAt.getTime() - 1) : now;
  return injectionWeek(setting, from).next.at;
}

function isStopped(found: NonNullable<CareOrder>): boolean {
  return (
    found.order.status === 'denied' ||
    found.order.status === 'withdrawn' ||
    found.order.careStoppedAt !== null
  );
}

/** The injection day a dose taken on `takenOn` counts for: two days before to four after it. */
function dueDayOf(takenOn: string, weekday: InjectionDay['weekday']): string {
  const from = addDays(takenOn, -4);
  const first = new Date(`${from}T12:00:00Z`).getUTCDay();
  const due = addDays(from, (injectionWeekdays.indexOf(weekday) - first + 7) % 7);
  // The weekday from four days before always lies in the window; the check keeps it honest.
  if (!countsForDueDay(takenOn, due)) throw new Error('due day outside the dose window');
  return due;
}

function settingIn(row: typeof injectionDays.$inferSelect): InjectionDay {
  return { weekday: row.weekday, time: row.time, timeZone: row.timeZone };
}

function settingOut(row: typeof injectionDays.$inferSelect): InjectionDaySetting {
  return { weekday: row.weekday, time: row.time, time_zone: row.timeZone };
}

function entryOut(row: typeof doseLogs.$inferSelect): DoseLogEntry {
  return {
    id: row.id,
    order_id: row.orderId,
    taken_on: row.takenOn,
    strength: row.strength,
    site: row.site,
    weight_lbs: row.weightLbs,
    logged_at: row.loggedAt.toISOString(),
  };
}
