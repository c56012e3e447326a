/**
 * The questionnaires as FHIR R4 Questionnaires: each valid against the R4 JSON schema, every
 * question an item under its own id with its words, options and type, follow-ups under the
 * option that opens them, and the dependency rules as enableWhen where FHIR can say them.
 */
import type { QuestionnaireFile } from '@clinic/contracts';
import { loadQuestionnaires, questionnaireNames } from '../questionnaires/questionnaires';
import { toFhirQuestionnaire, type FhirQuestionnaireItem } from './questionnaire';
import { compileFhirSchema } from './testing/fhir-r4-schema';

const files = loadQuestionnaires();
const fhirProblems = compileFhirSchema();

/** Every item, nested ones too, by linkId. */
function itemsOf(items: FhirQuestionnaireItem[]): Map<string, FhirQuestionnaireItem> {
  const all = new Map<string, FhirQuestionnaireItem>();
  const walk = (list: FhirQuestionnaireItem[]) =>
    list.forEach((item) => {
      all.set(item.linkId, item);
      walk(item.item ?? []);
    });
  walk(items);
  return all;
}

describe('a questionnaire as a FHIR R4 Questionnaire', () => {
  it.each(questionnaireNames)('%s is valid against the R4 schema', (name) => {
    const resource = toFhirQuestionnaire(name, files[name]);
    expect(fhirProblems(resource)).toEqual([]);
    expect(resource).toMatchObject({
      resourceType: 'Questionnaire',
      url: `https://glp-clinic.example/fhir/Questionnaire/${name}`,
      version: files[name].version,
      status: 'active',
      title: files[name].name,
    });
  });

  it.each(questionnaireNames)(
    '%s: every question is an item under its id, with its words; every enableWhen names an item',
    (name) => {
      const file = files[name];
      const items = itemsOf(toFhirQuestionnaire(name, file).item);
      const top = toFhirQuestionnaire(name, file).item.map((i) => i.linkId);
      expect(top).toEqual(file.questions.map((q) => q.id));
      for (const q of file.questions) expect(items.get(q.id)?.text).toContain(q.label);
      for (const item of items.values())
        for (const condition of item.enableWhen ?? [])
          expect(items.has(condition.question)).toBe(true);
    },
  );

  it('maps each kind of question to its FHIR type, with the options in their order', () => {
    const items = itemsOf(
      toFhirQuestionnaire('medical-integration', files['medical-integration']).item,
    );
    expect(items.get('5_2')).toMatchObject({
      type: 'choice',
      repeats: true,
      answerOption: [
        { valueString: 'Insulin' },
        { valueString: 'A sulfonylurea (glipizide, glyburide or glimepiride)' },
        { valueString: 'Another diabetes medication (for example, metformin)' },
        { valueString: 'None of these' },
      ],
    });
    expect(items.get('0')).toMatchObject({
      type: 'choice',
      answerOption: [{ valueString: 'Yes' }, { valueString: 'No' }],
    });
    expect(items.get('0')?.repeats).toBeUndefined();
    expect(items.get('1')).toMatchObject({ type: 'decimal', required: true });
    expect(items.get('10')).toMatchObject({ type: 'decimal', repeats: true, required: true });
    expect(items.get('14')).toMatchObject({ type: 'attachment', required: true });
    expect(items.get('8_4')).toMatchObject({ type: 'attachment' });
    expect(items.get('8_4')?.required).toBeUndefined();
    expect(items.get('8_confirm')).toMatchObject({ type: 'boolean' });
    expect(items.get('33')).toMatchObject({ type: 'display' });
    expect(items.get('33')?.text).toContain('Common side effects');
    expect(items.get('34')).toMatchObject({ type: 'choice', required: true });
    // The question's explanation is a help text under it.
    expect(items.get('5_2-help')).toMatchObject({ type: 'display' });
    expect(items.get('5_2-help')?.text).toContain('hypoglycemia');
  });

  it('nests follow-ups under their question, each enabled by its option', () => {
    const q = toFhirQuestionnaire('medical-integration', files['medical-integration']).item.find(
      (i) => i.linkId === '5_2',
    )!;
    expect(q.item?.find((i) => i.linkId === '5_2_1')).toMatchObject({
      type: 'text',
      text: 'Which insulin do you take, and how much do you usually take each day?',
      enableWhen: [{ question: '5_2', operator: '=', answerString: 'Insulin' }],
    });
  });

  it('says the dependency rules as enableWhen: one value, any of several values', () => {
    const items = itemsOf(
      toFhirQuestionnaire('medical-integration', files['medical-integration']).item,
    );
    expect(items.get('5_2')).toMatchObject({
      enableWhen: [{ question: '5_1', operator: '=', answerString: 'Yes' }],
    });
    expect(items.get('5_2')?.enableBehavior).toBeUndefined();
    expect(items.get('8_3')).toMatchObject({
      enableBehavior: 'any',
      enableWhen: [
        {
          question: '8',
          operator: '=',
          answerString: 'Yes, semaglutide (Ozempic, Wegovy or compounded semaglutide)',
        },
        {
          question: '8',
          operator: '=',
          answerString: 'Yes, tirzepatide (Mounjaro, Zepbound or compounded tirzepatide)',
        },
      ],
    });
  });

  it('leaves out what FHIR cannot say: a rule on the state, and required on questions some patients are never asked', () => {
    const refill = itemsOf(toFhirQuestionnaire('refill', files.refill).item);
    expect(refill.get('5')?.enableWhen).toBeUndefined();
    expect(refill.get('5')?.required).toBeUndefined();
    const medical = itemsOf(
      toFhirQuestionnaire('medical-integration', files['medical-integration']).item,
    );
    // Asked of women only; of Florida patients only.
    expect(medical.get('0')?.required).toBeUndefined();
    expect(medical.get('20')?.required).toBeUndefined();
    // The bare-medication form never asks for the photos.
    const bare = itemsOf(toFhirQuestionnaire('bare-medication', files['bare-medication']).item);
    expect(bare.get('14')?.required).toBeUndefined();
  });

  it('joins several rules with all when each has one value, and says none when they mix', () => {
    const question = (id: string) => ({
      id,
      question: `q_${id}`,
      label: `Question ${id}`,
      question_type: 'single_option' as const,
      options: [
        { title: 'Yes', order: 0 },
        { title: 'No', order: 1 },
        { title: 'Maybe', order: 2 },
      ],
    });
    const file: QuestionnaireFile = {
      form: 1,
      name: 'Fixture',
      version: '2026-11-24.2',
      questions: ['a', 'b', 'c', 'd'].map(question),
      dependencies: [
        { question_id: 'c', dependent_on: 'a', ask_if_val_in: ['Yes'] },
        { question_id: 'c', dependent_on: 'b', ask_if_val_in: ['No'] },
        { question_id: 'd', dependent_on: 'a', ask_if_val_in: ['Yes'] },
        { question_id: 'd', dependent_on: 'b', ask_if_val_in: ['No', 'Maybe'] },
      ],
    };
    const resource = toFhirQuestionnaire('medical-integration', file);
    expect(fhirProblems(resource)).toEqual([]);
    const items = itemsOf(resource.item);
    expect(items.get('c')).toMatchObject({
      enableBehavior: 'all',
      enableWhen: [
        { question: 'a', operator: '=', answerString: 'Yes' },
        { question: 'b', operator: '=', answerString: 'No' },
      ],
    });
    expect(items.get('d')?.enableWhen).toBeUndefined();
  });

  it('is caught by the schema check when broken', () => {
    const resource = toFhirQuestionnaire('refill', files.refill);
    expect(fhirProblems({ ...resource, status: 'live' })).not.toEqual([]);
    expect(fhirProblems({ ...resource, item: [{ linkId: 'x', type: 'dropdown' }] })).not.toEqual(
      [],
    );
  });
});
