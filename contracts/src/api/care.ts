/**
 * Care between shipments (issue 31): the patient's injection day, the "This week" card and the
 * dose log. Owned by forms, which keeps the patient's orders and prescriptions. Field names are
 * snake_case like the spec's portal calls.
 */
import { z } from 'zod';
import { drugs } from '../constants/catalog';
import {
  ianaTimeZones,
  injectionSites,
  injectionTimePattern,
  injectionWeekdays,
} from '../rules/injection-day';
import {
  sideEffectDurations,
  sideEffectRedFlags,
  sideEffectSeverities,
  sideEffectSymptoms,
} from '../rules/side-effect-triage';
import { numeric, rowId, text } from './fields';
import { defineRoute } from './route';

export const injectionDaySchema = z.object({
  weekday: z.enum(injectionWeekdays, { error: 'Choose a day of the week' }),
  time: text(5).regex(injectionTimePattern, 'Give a time as HH:MM, for example 09:00'),
  time_zone: z.enum(ianaTimeZones, { error: 'Choose a time zone from the list' }),
});
export type InjectionDaySetting = z.infer<typeof injectionDaySchema>;

export const doseLogEntrySchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  taken_on: z.iso.date(),
  strength: z.number(),
  site: z.enum(injectionSites),
  weight_lbs: z.number().nullable(),
  logged_at: z.iso.datetime(),
});
export type DoseLogEntry = z.infer<typeof doseLogEntrySchema>;

const dueDoseSchema = z.object({
  /** The patient's calendar day of the dose. */
  day: z.iso.date(),
  /** The moment of the dose (the reminder's time). */
  at: z.iso.datetime(),
  strength: z.number().nullable(),
});

export const careStatuses = [
  /** No prescription the patient accepted, or none active. */
  'none',
  /** Prescribed, the first shipment not delivered yet. */
  'awaiting-delivery',
  /** Delivered, no injection day picked yet. */
  'pick-day',
  'scheduled',
  /** The subscription ended or the order was denied or withdrawn: no card, no reminder. */
  'stopped',
] as const;

export const thisWeekSchema = z.object({
  status: z.enum(careStatuses),
  order_id: z.number().int().nullable(),
  drug: z.enum(drugs).nullable(),
  injection_day: injectionDaySchema.nullable(),
  /** The latest dose due at or before now, and the dose logged for it. */
  current: dueDoseSchema.extend({ logged: doseLogEntrySchema.nullable() }).nullable(),
  next: dueDoseSchema.nullable(),
  suggested_site: z.enum(injectionSites),
  /** Weeks in a row, up to the current one, with no dose logged. */
  missed_in_a_row: z.number().int(),
  missed_dose: z
    .object({
      action: z.enum(['take-now', 'skip', 'ask-clinician']),
      take_by: z.iso.datetime().nullable(),
      text: z.string(),
    })
    .nullable(),
  /** A refill check-in waiting for the patient: its form, and when the refill ships once done. */
  refill_check_in: z
    .object({ order_id: z.number().int(), ship_on: z.iso.datetime().nullable() })
    .nullable(),
});
export type ThisWeek = z.infer<typeof thisWeekSchema>;

export const careThisWeek = defineRoute({
  method: 'get',
  path: '/api/care/this-week',
  service: 'forms',
  auth: 'patient',
  summary:
    "The portal's \"This week\" card: the caller's injection day, the latest dose due and whether it was logged, the next dose with the strength of its month from the prescription's schedule, the suggested injection site, and what to do about a missed dose (the drug label's rule).",
  response: thisWeekSchema,
});

export const saveInjectionDay = defineRoute({
  method: 'put',
  path: '/api/care/injection-day',
  service: 'forms',
  auth: 'patient',
  summary:
    'Sets the weekday and time (in the given IANA time zone) of the caller\'s weekly injection, once the first shipment is delivered. A time zone that is not an IANA name is a 400; a time that does not exist on a daylight-saving night of the coming year, or a day picked before the first delivery, is a 409. Answers the "This week" card.',
  body: injectionDaySchema,
  response: thisWeekSchema,
});

export const logDoseRequestSchema = z.object({
  order_id: numeric(rowId()),
  taken_on: z.iso.date({ error: 'Give the day you took it as YYYY-MM-DD' }),
  strength: numeric(z.number().min(0.01).max(100), 'Give the strength in mg'),
  site: z.enum(injectionSites, { error: 'Choose abdomen, thigh or upper arm' }),
  weight_lbs: numeric(z.number().min(50).max(999), 'Give your weight in pounds (50 to 999)')
    .nullable()
    .optional(),
});

export type LogDoseRequest = z.output<typeof logDoseRequestSchema>;

export const logDose = defineRoute({
  method: 'post',
  path: '/api/care/doses',
  service: 'forms',
  auth: 'patient',
  summary:
    '"I took my dose": logs the day, strength and site of a dose of the caller\'s own order (another\'s is a 404), with an optional weight that joins the progress chart. A day in the future or before the first delivery, or a second dose for the same week, is a 400/409 and changes nothing.',
  body: logDoseRequestSchema,
  response: z.object({ dose: doseLogEntrySchema }),
});

export const doseLog = defineRoute({
  method: 'get',
  path: '/api/care/doses',
  service: 'forms',
  auth: 'patient',
  summary: "The caller's logged doses, newest first, for the Dosage tab.",
  response: z.object({ doses: z.array(doseLogEntrySchema) }),
});

export const reportSideEffectRequestSchema = z.object({
  order_id: numeric(rowId()),
  symptom: z.enum(sideEffectSymptoms, { error: 'Choose a symptom from the list' }),
  severity: z.enum(sideEffectSeverities, { error: 'Choose mild, moderate or severe' }),
  duration: z.enum(sideEffectDurations, { error: 'Choose how long it has lasted' }),
  red_flags: z
    .array(z.enum(sideEffectRedFlags, { error: 'Choose only signs from the list' }))
    .max(sideEffectRedFlags.length)
    .default([]),
});

export type ReportSideEffectRequest = z.output<typeof reportSideEffectRequestSchema>;

export const sideEffectReportSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  symptom: z.enum(sideEffectSymptoms),
  severity: z.enum(sideEffectSeverities),
  duration: z.enum(sideEffectDurations),
  red_flags: z.array(z.enum(sideEffectRedFlags)),
  /** urgent: stop and get care now, the clinician within 4 hours; clinician: within 24 hours. */
  level: z.enum(['urgent', 'clinician', 'self-care']),
  stop_medication: z.boolean(),
  advice: z.string(),
  reported_at: z.iso.datetime(),
  /** When the clinician must have answered; null for self-care (seen at the next check-in). */
  due_at: z.iso.datetime().nullable(),
  answered_at: z.iso.datetime().nullable(),
});
export type SideEffectReport = z.infer<typeof sideEffectReportSchema>;

export const reportSideEffect = defineRoute({
  method: 'post',
  path: '/api/care/side-effects',
  service: 'forms',
  auth: 'patient',
  summary:
    "\"Report a side effect\" on the caller's own order (another's is a 404): the symptom from the list, how bad and how long, and any red-flag signs. Answers the triage at once: a red flag says to stop the medication and get urgent care (911, or 988) and puts the case at the top of the clinician's queue with a 4-hour deadline; moderate ones reach the clinician within 24 hours; mild ones get self-care advice. An unknown symptom or a severity outside the scale is a 400 and nothing is saved.",
  body: reportSideEffectRequestSchema,
  response: z.object({ report: sideEffectReportSchema }),
});

/**
 * What the clinician reads of a patient's weeks between shipments, with the case and the refill
 * review: adherence over the last 8 due weeks, the side-effect reports (newest first, unanswered
 * urgent ones first) and the weights logged with doses.
 */
export const careRecordSchema = z.object({
  adherence: z.object({
    /** Due weeks counted (at most 8, none before the injection day was picked). */
    weeks: z.number().int(),
    logged: z.number().int(),
    missed: z.number().int(),
    /** Weeks missed in a row up to the latest due one. */
    missedInARow: z.number().int(),
  }),
  sideEffects: z.array(sideEffectReportSchema),
  weights: z.array(z.object({ at: z.iso.datetime(), pounds: z.number() })),
});
export type CareRecord = z.infer<typeof careRecordSchema>;
