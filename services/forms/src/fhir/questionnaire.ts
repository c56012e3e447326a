/**
 * A questionnaire file as a FHIR R4 Questionnaire (issue 16). Each question is an item whose
 * linkId is the question's id, so a QuestionnaireResponse built from an assessment record (the
 * clinic's export) points at it; options are `answerOption.valueString` with the option's title,
 * the words the record keeps. Follow-ups are nested under their question, enabled by their
 * option. The dependency rules become `enableWhen` where FHIR can say them: on another question's
 * answer, one rule with any of its values, or several rules of one value each. A rule on the
 * patient's state (and the product's own visibility rules: gender, Florida, the bare-medication
 * form) has no FHIR form here; such questions carry no `required`, since FHIR would demand them
 * of every patient.
 */
import {
  fhirQuestionnaireUrl,
  isQuestionVisible,
  userStateDependency,
  type AskedQuestion,
  type DependencyRule,
  type QuestionType,
  type QuestionnaireFile,
  type QuestionnaireName,
} from '@clinic/contracts';

export type FhirItemType =
  | 'group'
  | 'display'
  | 'boolean'
  | 'decimal'
  | 'integer'
  | 'string'
  | 'text'
  | 'choice'
  | 'open-choice'
  | 'attachment';

export type FhirEnableWhen = {
  question: string;
  operator: '=';
  answerString: string;
};

export type FhirQuestionnaireItem = {
  linkId: string;
  text: string;
  type: FhirItemType;
  required?: boolean;
  repeats?: boolean;
  enableWhen?: FhirEnableWhen[];
  enableBehavior?: 'all' | 'any';
  answerOption?: { valueString: string }[];
  extension?: FhirExtension[];
  item?: FhirQuestionnaireItem[];
};

type FhirExtension = {
  url: string;
  valueCodeableConcept?: { coding: { system: string; code: string; display?: string }[] };
  valueString?: string;
};

export type FhirQuestionnaire = {
  resourceType: 'Questionnaire';
  id: string;
  url: string;
  version: string;
  name: string;
  title: string;
  status: 'active';
  subjectType: ['Patient'];
  item: FhirQuestionnaireItem[];
};

/**
 * The FHIR item type of each question type. Integer questions take up to two decimals (a weight
 * of 180.5 pounds), so they are `decimal`; the dose schedule is one strength (mg) per month.
 */
export const fhirItemTypes: Record<QuestionType, { type: FhirItemType; repeats?: true }> = {
  consent: { type: 'choice' },
  single_option: { type: 'choice' },
  multiple_option: { type: 'choice', repeats: true },
  dose_radio_more: { type: 'choice' },
  text: { type: 'string' },
  string: { type: 'string' },
  textarea: { type: 'text' },
  integer: { type: 'decimal' },
  dose_optimization: { type: 'decimal', repeats: true },
  image_upload: { type: 'attachment' },
  file: { type: 'attachment' },
  confirmation_buttons: { type: 'boolean' },
  informational: { type: 'display' },
};

const itemControl = 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
const mimeType = 'http://hl7.org/fhir/StructureDefinition/mimeType';

export function toFhirQuestionnaire(
  name: QuestionnaireName,
  file: QuestionnaireFile,
): FhirQuestionnaire {
  const shownAlways = (q: AskedQuestion) => visibleInEveryContext(q, file);
  return {
    resourceType: 'Questionnaire',
    id: name,
    url: fhirQuestionnaireUrl(name),
    version: file.version,
    name: name
      .split('-')
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join(''),
    title: file.name,
    status: 'active',
    subjectType: ['Patient'],
    item: file.questions.map((question) => {
      const item = itemOf(question, shownAlways(question));
      Object.assign(item, enableWhenOf(file.dependencies, question.id));
      // Follow-ups are asked for the options chosen of a multiple-choice question (not in refill).
      const followUps =
        question.question_type === 'multiple_option' && file.form !== 3
          ? Object.entries(question.followup_questions ?? {})
          : [];
      const nested = followUps.map(([option, followUp]) => ({
        ...itemOf(followUp, true),
        enableWhen: [{ question: question.id, operator: '=' as const, answerString: option }],
      }));
      if (nested.length > 0) item.item = [...(item.item ?? []), ...nested];
      return item;
    }),
  };
}

function itemOf(question: AskedQuestion, shownAlways: boolean): FhirQuestionnaireItem {
  const { type, repeats } = fhirItemTypes[question.question_type];
  if (type === 'display')
    // A display item has no children: its explanation is part of its text.
    return {
      linkId: question.id,
      text: [question.label, question.description].filter(Boolean).join('\n\n'),
      type,
    };
  const item: FhirQuestionnaireItem = { linkId: question.id, text: question.label, type };
  if (shownAlways && question.is_optional !== true) item.required = true;
  if (repeats) item.repeats = true;
  const options =
    question.question_type === 'dose_radio_more'
      ? (question.show_array ?? []).map((shown) => shown.main_txt)
      : [...(question.options ?? [])].sort((a, b) => a.order - b.order).map((o) => o.title);
  if (type === 'choice' && options.length > 0)
    item.answerOption = options.map((title) => ({ valueString: title }));
  if (type === 'attachment' && question.file_type)
    item.extension = [{ url: mimeType, valueString: question.file_type }];
  if (question.description)
    item.item = [
      {
        linkId: `${question.id}-help`,
        text: question.description,
        type: 'display',
        extension: [
          {
            url: itemControl,
            valueCodeableConcept: {
              coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code: 'help' }],
            },
          },
        ],
      },
    ];
  return item;
}

/** The enableWhen of a question's dependency rules, when FHIR can say them; none otherwise. */
function enableWhenOf(
  rules: readonly DependencyRule[],
  questionId: string,
): Pick<FhirQuestionnaireItem, 'enableWhen' | 'enableBehavior'> {
  const own = rules.filter((rule) => rule.question_id === questionId);
  if (own.length === 0 || own.some((rule) => rule.dependent_on === userStateDependency)) return {};
  const conditions = own.flatMap((rule) =>
    rule.ask_if_val_in.map((value) => ({
      question: rule.dependent_on,
      operator: '=' as const,
      answerString: value,
    })),
  );
  if (conditions.length === 1) return { enableWhen: conditions };
  // One rule: any of its values. Several rules: all of them, each of one value only.
  if (own.length === 1) return { enableWhen: conditions, enableBehavior: 'any' };
  if (own.every((rule) => rule.ask_if_val_in.length === 1))
    return { enableWhen: conditions, enableBehavior: 'all' };
  return {};
}

const genders = ['Male', 'Female', null] as const;
const states = ['CA', 'FL', 'MS', 'LA', 'NY'];
const contexts = genders.flatMap((gender) => states.map((state) => ({ gender, state })));
const ruleGovernedNowhere = { floridaBillOfRightsStates: [], refillRestrictedStates: [] };

/**
 * Whether every patient who reaches the question (its answer-based rules aside) is asked it:
 * the product's rules on gender and state, and rules on the state, may hide it. The per-state
 * rules are data an admin changes (the Florida bill of rights, the refill restriction), so a
 * question they govern is taken as asked in no state: never required, whatever the rules are.
 */
function visibleInEveryContext(question: AskedQuestion, file: QuestionnaireFile): boolean {
  const stateRules = file.dependencies.filter((r) => r.dependent_on === userStateDependency);
  return contexts.every((ctx) =>
    isQuestionVisible(question, {
      ...ctx,
      form: file.form === 3 ? 'refill' : 'first',
      bareMeds: file.form === 2,
      answers: {},
      dependencies: stateRules,
      stateRules: ruleGovernedNowhere,
    }),
  );
}
