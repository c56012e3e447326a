/**
 * A questionnaire of `size` questions shaped like the real ones, for the engine's benchmark:
 * Yes/No questions (every fourth opening a details question by a dependency rule), multiple
 * choice with follow-ups, numbers and text, and a dose schedule near the end.
 */
import { questionnaireFileSchema, type QuestionnaireFile } from '@clinic/contracts';

export function benchQuestionnaire(size = 120): QuestionnaireFile {
  const questions: unknown[] = [];
  const dependencies: unknown[] = [];
  for (let i = 0; i < size; i += 1) {
    const id = `q${i}`;
    const kind = i % 6;
    if (kind === 0 || kind === 1 || kind === 2) {
      questions.push({
        id,
        question: `yes_no_${i}`,
        label: `Question ${i}?`,
        question_type: 'single_option',
        important: i % 12 === 0,
        options: [
          { title: 'Yes', order: 0, is_critical: i % 12 === 0 },
          { title: 'No', order: 1 },
        ],
      });
      if (i >= 6 && i % 4 === 0)
        dependencies.push({ question_id: id, dependent_on: `q${i - 6}`, ask_if_val_in: ['No'] });
    } else if (kind === 3) {
      questions.push({
        id,
        question: `symptoms_${i}`,
        label: `Any of these (${i})?`,
        question_type: 'multiple_option',
        options: ['Nausea', 'Heartburn', 'Fatigue', 'None of these'].map((title, order) => ({
          title,
          order,
        })),
        followup_questions: {
          Nausea: {
            id: `${id}_n`,
            question: `nausea_${i}`,
            label: 'How often?',
            question_type: 'text',
          },
          Fatigue: {
            id: `${id}_f`,
            question: `fatigue_${i}`,
            label: 'Since when?',
            question_type: 'text',
          },
        },
      });
    } else if (kind === 4) {
      questions.push({
        id,
        question: `number_${i}`,
        label: `Number ${i}`,
        question_type: 'integer',
        // Every number question is bounded in the data (issue 26), as the real forms' are.
        min: 80,
        max: 700,
      });
    } else {
      questions.push({ id, question: `text_${i}`, label: `Text ${i}`, question_type: 'textarea' });
    }
  }
  questions.push({
    id: 'doses',
    question: 'next_dose_preference',
    label: 'Choose Dosage Schedule:',
    question_type: 'dose_optimization',
  });
  return questionnaireFileSchema.parse({
    form: 1,
    name: `Benchmark form of ${size} questions`,
    version: '2026-11-24.1',
    questions,
    dependencies,
  });
}
