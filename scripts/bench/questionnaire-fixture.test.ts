import { askedSequence } from '@clinic/contracts';
import { benchQuestionnaire } from './questionnaire-fixture';

it('makes a valid questionnaire of the size asked, with follow-ups and dependencies at work', () => {
  const file = benchQuestionnaire(120);
  expect(file.questions).toHaveLength(121);
  expect(file.dependencies.length).toBeGreaterThan(10);
  const ctx = { form: 'first' as const, state: 'TX', gender: 'Female' as const };
  const none = askedSequence(file, ctx, {}).length;
  const more = askedSequence(file, ctx, { q3: ['Nausea', 'Fatigue'], q6: 'No' }).length;
  expect(more).toBe(none + 3);
});
