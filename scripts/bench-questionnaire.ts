/**
 * The questionnaire engine's next-question step (issue 15: under 1 ms for a 120-question form):
 * walks a 120-question form and the real medical-integration form from the first question to
 * the last, answering each, and times every `nextQuestionId` call (which recomputes visibility,
 * follow-ups and the end-of-form check from the answers). Prints mean, p99 and max per step.
 *
 *   npm run bench:questionnaire
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  askedSequence,
  nextQuestionId,
  questionnaireFileSchema,
  questionsById,
  type FlowContext,
  type QuestionnaireFile,
} from '@clinic/contracts';
import { benchQuestionnaire } from './bench/questionnaire-fixture';

const ctx: FlowContext = { form: 'first', state: 'TX', gender: 'Female' };

function answerFor(file: QuestionnaireFile, id: string): string | string[] {
  const q = questionsById(file).get(id);
  switch (q?.question_type) {
    case 'multiple_option': {
      // Two options with follow-ups where there are, so the follow-ups are walked too.
      const withFollowUps = Object.keys(q.followup_questions ?? {}).slice(0, 2);
      return withFollowUps.length > 0 ? withFollowUps : [q.options?.[0]?.title ?? ''];
    }
    case 'single_option':
    case 'consent':
      return q.options?.find((o) => !o.is_critical)?.title ?? '';
    case 'integer':
      return '180';
    case 'dose_optimization':
      return ['2.5', '5', '7.5'];
    default:
      return 'Some text';
  }
}

function walk(file: QuestionnaireFile, rounds: number): number[] {
  const times: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    const answers: Record<string, string | string[]> = {};
    let id: string | null = askedSequence(file, ctx, answers)[0]?.question.id ?? null;
    // A form ends after each of its questions was asked once; the guard stops a broken file.
    for (let guard = 0; id && guard < 1000; guard += 1) {
      answers[id] = answerFor(file, id);
      const start = process.hrtime.bigint();
      const next = nextQuestionId(file, ctx, answers, id);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      id = next === id ? null : next;
    }
  }
  return times;
}

function report(name: string, file: QuestionnaireFile): void {
  walk(file, 20); // warm-up
  const times = walk(file, 50).sort((a, b) => a - b);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  const p99 = times[Math.floor(times.length * 0.99)] ?? 0;
  const max = times[times.length - 1] ?? 0;
  const verdict = p99 < 1 ? 'within 1 ms' : 'OVER 1 ms';
  console.log(
    `${name.padEnd(34)} ${String(file.questions.length).padStart(4)} questions  ` +
      `mean ${mean.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms  max ${max.toFixed(3)} ms  (${verdict})`,
  );
}

const medical = questionnaireFileSchema.parse(
  JSON.parse(
    readFileSync(
      join(
        __dirname,
        '..',
        'services',
        'forms',
        'src',
        'questionnaires',
        'medical-integration.json',
      ),
      'utf8',
    ),
  ),
);
console.log('Next-question step of the questionnaire engine (per answer, this machine):');
report('120-question benchmark form', benchQuestionnaire(120));
report('medical-integration form', medical);
