import {
  sideEffectRedFlags,
  sideEffectSymptoms,
  triageSideEffect,
  urgentRedFlags,
  type SideEffectReportInput,
} from './side-effect-triage';

const report = (over: Partial<SideEffectReportInput>): SideEffectReportInput => ({
  symptom: 'nausea',
  severity: 'mild',
  duration: 'under_1_day',
  redFlags: [],
  ...over,
});

describe('side-effect triage', () => {
  it('self-harm thoughts: stop, 988, urgent within 4 hours, whatever the symptom', () => {
    const t = triageSideEffect(report({ symptom: 'low_mood', redFlags: ['self_harm_thoughts'] }));
    expect(t).toMatchObject({
      rule: 'self-harm',
      level: 'urgent',
      stopMedication: true,
      deadlineHours: 4,
    });
    expect(t.advice).toContain('Stop taking your medication.');
    expect(t.advice).toContain('988');
  });

  it('swelling or trouble breathing: 911', () => {
    const t = triageSideEffect(
      report({ symptom: 'injection_site_reaction', redFlags: ['swelling_or_breathing'] }),
    );
    expect(t).toMatchObject({ rule: 'allergic-reaction', level: 'urgent', deadlineHours: 4 });
    expect(t.advice).toContain('Call 911 now');
  });

  it('severe stomach pain, or pain that does not go away: pancreatitis wording, urgent', () => {
    const severe = triageSideEffect(report({ symptom: 'stomach_pain', severity: 'severe' }));
    expect(severe).toMatchObject({
      rule: 'pancreatitis',
      level: 'urgent',
      stopMedication: true,
      deadlineHours: 4,
    });
    expect(severe.advice).toContain('pancreatitis');
    expect(
      triageSideEffect(report({ symptom: 'vomiting', redFlags: ['pain_does_not_go_away'] })).rule,
    ).toBe('pancreatitis');
    // Moderate stomach pain without the red flag is for the clinician within a day.
    expect(
      triageSideEffect(report({ symptom: 'stomach_pain', severity: 'moderate' })),
    ).toMatchObject({
      level: 'clinician',
      deadlineHours: 24,
    });
  });

  it('yellow skin or eyes, and dehydration: urgent', () => {
    expect(triageSideEffect(report({ redFlags: ['yellow_skin_or_eyes'] })).rule).toBe(
      'gallbladder',
    );
    expect(
      triageSideEffect(
        report({ symptom: 'diarrhea', severity: 'moderate', redFlags: ['dehydration'] }),
      ),
    ).toMatchObject({ rule: 'dehydration', level: 'urgent', deadlineHours: 4 });
  });

  it('every urgent red flag alone makes any report urgent; the labels’ other warnings reach the clinician', () => {
    for (const symptom of sideEffectSymptoms)
      for (const flag of sideEffectRedFlags)
        expect(triageSideEffect(report({ symptom, redFlags: [flag] })).level).toBe(
          urgentRedFlags.includes(flag) ? 'urgent' : 'clinician',
        );
    const sugar = triageSideEffect(report({ redFlags: ['low_blood_sugar'] }));
    expect(sugar).toMatchObject({ rule: 'low-blood-sugar', deadlineHours: 24 });
    expect(sugar.advice).toContain('Eat or drink something with sugar now');
    const thyroid = triageSideEffect(report({ redFlags: ['neck_lump_or_swallowing'] }));
    expect(thyroid).toMatchObject({ rule: 'label-warning', stopMedication: false });
    expect(thyroid.advice).toContain(
      'Do not take your next dose until your clinician has answered',
    );
  });

  it('moderate or severe reports reach the clinician within 24 hours, without stopping', () => {
    for (const symptom of sideEffectSymptoms.filter(
      (s) => !['stomach_pain', 'low_mood', 'other'].includes(s),
    ))
      for (const severity of ['moderate', 'severe'] as const)
        expect(triageSideEffect(report({ symptom, severity }))).toMatchObject({
          rule: 'moderate-or-severe',
          level: 'clinician',
          stopMedication: false,
          deadlineHours: 24,
        });
  });

  it('low mood and "something else" always reach the clinician', () => {
    expect(triageSideEffect(report({ symptom: 'low_mood' }))).toMatchObject({
      rule: 'mood-or-other',
      deadlineHours: 24,
    });
    expect(triageSideEffect(report({ symptom: 'other' })).level).toBe('clinician');
  });

  it('a mild symptom over 3 days goes to the clinician; otherwise self-care for the next check-in', () => {
    expect(triageSideEffect(report({ duration: 'over_3_days' }))).toMatchObject({
      rule: 'mild-lasting',
      level: 'clinician',
    });
    for (const symptom of [
      'nausea',
      'vomiting',
      'diarrhea',
      'constipation',
      'stomach_pain',
      'injection_site_reaction',
      'dizziness',
    ] as const)
      for (const duration of ['under_1_day', '1_to_3_days'] as const) {
        const t = triageSideEffect(report({ symptom, duration }));
        expect(t).toMatchObject({
          rule: 'self-care',
          level: 'self-care',
          deadlineHours: null,
          stopMedication: false,
        });
        expect(t.advice).toContain('next check-in');
        expect(t.advice.length).toBeGreaterThan(60);
      }
  });
});
