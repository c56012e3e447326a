/**
 * The words and formats of the "This week" card and the dose log (issue 31): US English, plain
 * words, dates and times in the patient's own time zone.
 */
import { clinicTimeZone, dayInZone, type InjectionWeekday } from '@clinic/contracts';

export const careTexts = {
  title: 'This week',
  awaiting: 'Once your first shipment arrives, pick the day you will take your weekly injection.',
  pickTitle: 'Pick your injection day',
  pickLead:
    'Take your injection on the same day each week. Pick a day and time that are easy to keep.',
  weekday: 'Day of the week',
  time: 'Time',
  timeZone: (zone: string) => `Times are in your time zone: ${zoneName(zone)}.`,
  saveDay: 'Save my injection day',
  savingDay: 'Saving...',
  cancel: 'Cancel',
  changeDay: 'Change day',
  changeGap:
    'Doses need to stay at least 3 days apart (more than 2 days for semaglutide), so your first dose on the new day may be the week after.',
  next: 'Next injection',
  strength: 'Strength',
  site: 'Suggested site',
  taken: (day: string, site: string) => `Dose taken ${day} · ${site}`,
  tookDose: 'I took my dose',
  dayTaken: 'Day you took it',
  notFuture: 'Choose today or an earlier day.',
  strengthMg: 'Strength (mg)',
  siteUsed: 'Where you injected',
  weight: 'Your weight in lbs (optional)',
  weightHint: 'It joins your progress chart.',
  saveDose: 'Save my dose',
  savingDose: 'Saving...',
  howTo: 'How to inject',
  sitesPicture: 'Where to inject: the belly, the front of the thigh, the back of the upper arm',
  logTitle: 'Dose log',
  logLoading: 'Loading your doses...',
  logFailed: 'We could not load your dose log. Please try again later.',
  logEmpty: 'No doses logged yet.',
  reportSideEffect: 'Report a side effect',
  refillReportTitle: 'Feeling unwell right now?',
  refillReportLead:
    'Your answers here reach your clinician with your check-in. If a side effect is bothering you now, report it and we will tell you at once what to do.',
  openingReport: 'Opening...',
  reportUnavailable: 'We could not open the form. Check your connection and try again.',
  checkInTitle: 'Next step: your refill check-in',
  checkInLead: (day: string) =>
    `Your next supply ships ${day} once your clinician approves it. Tell them how you are doing: your weight, any side effects and the dose you would like next. It takes two minutes.`,
  checkInLeadNoDate:
    'Your next supply ships once your clinician approves it. Tell them how you are doing: your weight, any side effects and the dose you would like next. It takes two minutes.',
  checkInStart: 'Start my check-in',
} as const;

export const injectionSteps = [
  'Wash your hands with soap and water.',
  'Check the vial: the liquid should be clear and colorless, with no specks, not frozen, and not past its expiration date.',
  'Wipe the rubber top of the vial with an alcohol swab.',
  'Use a new syringe every time. Draw up exactly the amount on your pharmacy label, in mL or units as the label says. If you are not sure how much, message us before you inject.',
  'Clean the spot on your skin with a new alcohol swab and let it dry.',
  'Pinch the skin. Put the needle in straight, at 90 degrees (at 45 degrees if you are very lean), and push the plunger slowly.',
  'Hold the needle in for 5 to 10 seconds. Take it out and press the spot gently. Do not rub it.',
  'Put the syringe in a sharps container. Never reuse or share needles or syringes.',
  'Use a different spot each week: your belly at least 2 inches from the belly button, the front of your thigh, or the back of your upper arm.',
  'Keep the vial in the refrigerator between doses.',
] as const;

/** "sunday" → "Sunday" */
export function weekdayLabel(weekday: InjectionWeekday): string {
  return weekday.charAt(0).toUpperCase() + weekday.slice(1);
}

/** "Pacific Time" for America/Los_Angeles: the zone as people say it, else its IANA name. */
export function zoneName(zone: string): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return name && !name.startsWith('GMT') ? name : zone;
  } catch {
    return zone;
  }
}

/** The browser's IANA time zone ("America/Chicago"), or UTC when it does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Intl's narrow no-break space before AM/PM, as a plain space (the same text everywhere). */
function plain(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

function format(at: Date, options: Intl.DateTimeFormatOptions, timeZone: string): string {
  try {
    return plain(new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(at));
  } catch {
    // A zone this browser does not know: the browser's own rather than nothing.
    return plain(new Intl.DateTimeFormat('en-US', options).format(at));
  }
}

/** "Sunday, Mar 14 at 9:00 AM": an instant, in the patient's saved time zone. */
export function formatDoseAt(at: string, timeZone: string): string {
  const when = new Date(at);
  const day = format(when, { weekday: 'long', month: 'short', day: 'numeric' }, timeZone);
  const time = format(when, { hour: 'numeric', minute: '2-digit' }, timeZone);
  return `${day} at ${time}`;
}

/** "Sunday, Mar 14": a calendar day ("2027-03-14"), as it is. */
export function formatDay(day: string): string {
  return format(
    new Date(`${day}T12:00:00Z`),
    { weekday: 'long', month: 'short', day: 'numeric' },
    'UTC',
  );
}

/** "on Tuesday, Mar 16": the day a refill ships, in the clinic's (the pharmacy's) zone. */
export function formatShipDay(at: string): string {
  return `on ${format(new Date(at), { weekday: 'long', month: 'short', day: 'numeric' }, clinicTimeZone)}`;
}

/** Today's calendar day in a time zone ("2027-03-14"), the browser's day if it is unknown. */
export function todayIn(timeZone: string): string {
  try {
    return dayInZone(new Date(), timeZone);
  } catch {
    return dayInZone(new Date(), browserTimeZone());
  }
}
