/**
 * Side-effect reports and their triage (issue 31, item 4), as data a clinician signs off like the
 * dose ladders: the symptoms a patient picks from, how bad and how long, the red flags asked of
 * everyone, and the ordered rules that turn a report into what the patient is told at once and
 * how soon the clinician must answer. The first rule that matches wins.
 *
 * Red flags follow the GLP-1 labels' warnings (Wegovy, Zepbound): pancreatitis (severe stomach
 * pain that does not go away, with or without vomiting, sometimes reaching the back), gallbladder
 * disease (yellow skin or eyes), acute kidney injury from dehydration, serious allergic reactions
 * (a swollen face or throat, trouble breathing), and suicidal thoughts. Each means: stop the
 * medication, get urgent care now, and the clinician has 4 hours. The labels' other warnings (low
 * blood sugar with insulin or a sulfonylurea, thyroid tumor signs, eyesight changes, a fast
 * resting heartbeat) reach the clinician within 24 hours, with what to do meanwhile.
 */

export const sideEffectSymptoms = [
  'nausea',
  'vomiting',
  'diarrhea',
  'constipation',
  'stomach_pain',
  'injection_site_reaction',
  'dizziness',
  'low_mood',
  'other',
] as const;
export type SideEffectSymptom = (typeof sideEffectSymptoms)[number];

export const sideEffectSymptomLabels: Readonly<Record<SideEffectSymptom, string>> = {
  nausea: 'Nausea (feeling sick)',
  vomiting: 'Vomiting (throwing up)',
  diarrhea: 'Diarrhea',
  constipation: 'Constipation',
  stomach_pain: 'Stomach pain',
  injection_site_reaction: 'Redness, itching or a lump where I injected',
  dizziness: 'Dizziness',
  low_mood: 'Low mood',
  other: 'Something else',
};

export const sideEffectSeverities = ['mild', 'moderate', 'severe'] as const;
export type SideEffectSeverity = (typeof sideEffectSeverities)[number];

export const sideEffectSeverityLabels: Readonly<Record<SideEffectSeverity, string>> = {
  mild: 'Mild: I notice it, but I can do my usual things',
  moderate: 'Moderate: it gets in the way of my day',
  severe: 'Severe: I cannot do my usual things',
};

export const sideEffectDurations = ['under_1_day', '1_to_3_days', 'over_3_days'] as const;
export type SideEffectDuration = (typeof sideEffectDurations)[number];

export const sideEffectDurationLabels: Readonly<Record<SideEffectDuration, string>> = {
  under_1_day: 'Less than a day',
  '1_to_3_days': '1 to 3 days',
  over_3_days: 'More than 3 days',
};

export const sideEffectRedFlags = [
  'pain_does_not_go_away',
  'dehydration',
  'swelling_or_breathing',
  'yellow_skin_or_eyes',
  'self_harm_thoughts',
  'low_blood_sugar',
  'neck_lump_or_swallowing',
  'vision_changes',
  'racing_heart',
] as const;
export type SideEffectRedFlag = (typeof sideEffectRedFlags)[number];

/** Asked of every report: "Do you have any of these?" */
export const sideEffectRedFlagLabels: Readonly<Record<SideEffectRedFlag, string>> = {
  pain_does_not_go_away:
    'Stomach pain that does not go away, with or without vomiting, that may reach your back',
  dehydration:
    'Vomiting or diarrhea with little or dark urine, a very dry mouth, or feeling faint when you stand',
  swelling_or_breathing: 'A swollen face, lips, tongue or throat, or trouble breathing',
  yellow_skin_or_eyes: 'Yellow skin or yellow whites of the eyes',
  self_harm_thoughts: 'Thoughts of harming yourself or ending your life',
  low_blood_sugar: 'Feeling shaky, sweaty, confused or very hungry (low blood sugar)',
  neck_lump_or_swallowing: 'A lump or swelling in your neck, a hoarse voice or trouble swallowing',
  vision_changes: 'Changes in your eyesight',
  racing_heart: 'A fast or pounding heartbeat while resting',
};

/** The signs that make any report urgent: stop the medication, urgent care now, 4 hours. */
export const urgentRedFlags: readonly SideEffectRedFlag[] = [
  'pain_does_not_go_away',
  'dehydration',
  'swelling_or_breathing',
  'yellow_skin_or_eyes',
  'self_harm_thoughts',
];

export interface SideEffectReportInput {
  symptom: SideEffectSymptom;
  severity: SideEffectSeverity;
  duration: SideEffectDuration;
  redFlags: readonly SideEffectRedFlag[];
}

export type TriageLevel = 'urgent' | 'clinician' | 'self-care';

/** How soon the clinician must answer, in hours; self-care reports wait for the next check-in. */
export const triageDeadlineHours: Readonly<Record<Exclude<TriageLevel, 'self-care'>, number>> = {
  urgent: 4,
  clinician: 24,
};

export interface TriageRule {
  id: string;
  level: TriageLevel;
  matches: (report: SideEffectReportInput) => boolean;
  /** What the patient reads at once. */
  advice: (report: SideEffectReportInput) => string;
}

const stop = 'Stop taking your medication.';
const flagged = (flag: SideEffectRedFlag) => (r: SideEffectReportInput) =>
  r.redFlags.includes(flag);

const selfCare: Readonly<Record<SideEffectSymptom, string>> = {
  nausea:
    'Eat smaller meals, stop when you feel full, avoid fatty or fried food, and sip water through the day. Nausea usually eases within a few days of each dose.',
  vomiting:
    'Sip water or an electrolyte drink often, in small amounts, and eat small bland meals when you can. If you cannot keep fluids down for a day, or you pass little urine or feel faint, stop your medication and get urgent care.',
  diarrhea:
    'Drink plenty of water or an electrolyte drink and eat bland food (rice, bananas, toast) until it settles.',
  constipation:
    'Drink more water, add fiber (fruit, vegetables, whole grains) and move a little every day. A gentle over-the-counter stool softener can help.',
  stomach_pain:
    'Eat smaller meals and avoid fatty food. If the pain becomes severe or does not go away, stop your medication and get urgent care.',
  injection_site_reaction:
    'Use a different spot for each dose (abdomen, thigh, upper arm) and a cool compress on the area. Do not rub it.',
  dizziness: 'Sit or lie down until it passes, drink water and do not skip meals. Stand up slowly.',
  low_mood: '',
  other: '',
};

/** The rules in order; the first that matches decides. */
export const triageRules: readonly TriageRule[] = [
  {
    id: 'self-harm',
    level: 'urgent',
    matches: flagged('self_harm_thoughts'),
    advice: () =>
      `${stop} Call or text 988 (the Suicide & Crisis Lifeline) now, any time, day or night. If you might act on these thoughts, call 911.`,
  },
  {
    id: 'allergic-reaction',
    level: 'urgent',
    matches: flagged('swelling_or_breathing'),
    advice: () =>
      `${stop} Call 911 now: a swollen face or throat or trouble breathing can be a serious allergic reaction.`,
  },
  {
    id: 'pancreatitis',
    level: 'urgent',
    matches: (r) =>
      r.redFlags.includes('pain_does_not_go_away') ||
      (r.symptom === 'stomach_pain' && r.severity === 'severe'),
    advice: () =>
      `${stop} Get urgent care now: call 911 or go to an emergency room. Severe stomach pain that does not go away, with or without vomiting, can be a sign of an inflamed pancreas (pancreatitis).`,
  },
  {
    id: 'gallbladder',
    level: 'urgent',
    matches: flagged('yellow_skin_or_eyes'),
    advice: () =>
      `${stop} Get urgent care today: yellow skin or eyes can be a sign of a gallbladder or liver problem.`,
  },
  {
    id: 'dehydration',
    level: 'urgent',
    matches: flagged('dehydration'),
    advice: () =>
      `${stop} Get urgent care now: your body may be losing too much water, which can harm your kidneys. Sip fluids on the way.`,
  },
  {
    id: 'low-blood-sugar',
    level: 'clinician',
    matches: flagged('low_blood_sugar'),
    advice: () =>
      `Eat or drink something with sugar now (half a cup of juice or regular soda, or glucose tablets) and check your blood sugar if you can. If you pass out, or it does not get better within 15 minutes, call 911. Your clinician will review this within ${triageDeadlineHours.clinician} hours; low blood sugar is more likely if you also take insulin or a sulfonylurea.`,
  },
  {
    id: 'label-warning',
    level: 'clinician',
    matches: (r) =>
      r.redFlags.some((f) =>
        ['neck_lump_or_swallowing', 'vision_changes', 'racing_heart'].includes(f),
      ),
    advice: () =>
      `Do not take your next dose until your clinician has answered. They will review this within ${triageDeadlineHours.clinician} hours and message you in the portal. If you feel very unwell, call 911.`,
  },
  {
    id: 'mood-or-other',
    level: 'clinician',
    matches: (r) => r.symptom === 'low_mood' || r.symptom === 'other',
    advice: (r) =>
      `Your clinician will review this within ${triageDeadlineHours.clinician} hours and message you in the portal.${r.symptom === 'low_mood' ? ' If you have thoughts of harming yourself, call or text 988 now.' : ''}`,
  },
  {
    id: 'moderate-or-severe',
    level: 'clinician',
    matches: (r) => r.severity !== 'mild',
    advice: (r) =>
      `Your clinician will review this within ${triageDeadlineHours.clinician} hours and message you in the portal. ${selfCare[r.symptom]}`.trim(),
  },
  {
    id: 'mild-lasting',
    level: 'clinician',
    matches: (r) => r.duration === 'over_3_days',
    advice: (r) =>
      `Because it has lasted more than 3 days, your clinician will review this within ${triageDeadlineHours.clinician} hours and message you in the portal. ${selfCare[r.symptom]}`,
  },
  {
    id: 'self-care',
    level: 'self-care',
    matches: () => true,
    advice: (r) =>
      `${selfCare[r.symptom]} Your clinician will see this at your next check-in. If it gets worse, report it again.`,
  },
];

export interface SideEffectTriage {
  rule: string;
  level: TriageLevel;
  stopMedication: boolean;
  /** Hours the clinician has to answer, or null for the next check-in. */
  deadlineHours: number | null;
  advice: string;
}

export function triageSideEffect(report: SideEffectReportInput): SideEffectTriage {
  const rule = triageRules.find((r) => r.matches(report)) as TriageRule;
  return {
    rule: rule.id,
    level: rule.level,
    stopMedication: rule.level === 'urgent',
    deadlineHours: rule.level === 'self-care' ? null : triageDeadlineHours[rule.level],
    advice: rule.advice(report),
  };
}
