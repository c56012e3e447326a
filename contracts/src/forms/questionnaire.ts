/**
 * A questionnaire file as the forms service serves it (spec 002 section 3, "Question" and
 * "Dependency rule"): its questions, each with its options, follow-ups and display settings,
 * and the rules that show a question only for some answers. The three forms (medical
 * integration, bare medication, refill) are data in this shape; the browser's engine and the
 * server's re-check of a submission read the same file.
 */
import { z } from 'zod';

export const questionTypes = [
  'consent',
  'single_option',
  'multiple_option',
  'text',
  'textarea',
  'string',
  'integer',
  'dose_radio_more',
  'image_upload',
  'file',
  'confirmation_buttons',
  'informational',
  'dose_optimization',
] as const;
export type QuestionType = (typeof questionTypes)[number];

/** Types whose answer is one or more of the question's options. */
export const optionTypes: readonly QuestionType[] = ['consent', 'single_option', 'multiple_option'];

/** The dependency value that stands for the patient's state (refill form). */
export const userStateDependency = 'user_state';

const text = z.string().min(1).max(4000);

export const questionOptionSchema = z.strictObject({
  title: z.string().min(1).max(500),
  order: z.number().int().min(0),
  /** Choosing it is checked against the disqualifying answers on arrival at an important question. */
  important: z.boolean().optional(),
  /** A contraindication: choosing it leads to the "We Cannot Proceed" popup. */
  is_critical: z.boolean().optional(),
  /**
   * Not a stop, but a risk the clinician must weigh (gallbladder disease, bariatric surgery,
   * insulin or a sulfonylurea, cancer treatment): the case view shows it among the answers that
   * need attention.
   */
  needs_review: z.boolean().optional(),
  /** Choosing it goes back instead of answering. */
  is_back_button: z.boolean().optional(),
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

export const showArrayItemSchema = z.strictObject({
  main_txt: z.string().min(1).max(500),
  sub_txt: z.string().max(500),
  baluga_ques: z.string().max(200).optional(),
});

const questionFields = {
  /** Unique within the file: "0", "8_1", "8_confirm", "21_2". */
  id: z.string().regex(/^[A-Za-z0-9_]{1,40}$/),
  /** The answer's key: current_weight_meds, next_dose_preference, florida_bill_of_rights, ... */
  question: z.string().regex(/^[a-z0-9_]{1,80}$/),
  label: text,
  description: z.string().max(4000).optional(),
  question_type: z.enum(questionTypes),
  options: z.array(questionOptionSchema).optional(),
  show_array: z.array(showArrayItemSchema).optional(),
  placeholder: z.string().max(200).optional(),
  sublabel: z.string().max(1000).optional(),
  important: z.boolean().optional(),
  is_critical: z.boolean().optional(),
  is_optional: z.boolean().optional(),
  has_next_button: z.boolean().optional(),
  /** What an upload question accepts (a MIME pattern such as image/*). */
  file_type: z.string().max(100).optional(),
  /**
   * A number question's bounds, both required on an `integer` question and on no other: the
   * browser shows them and refuses a number outside them, and the server re-checks at submit.
   */
  min: z.number().nonnegative().optional(),
  max: z.number().nonnegative().optional(),
};

/** A follow-up is a question of its own, asked after the option it hangs on; it has none itself. */
export const followUpQuestionSchema = z.strictObject(questionFields);

export const questionSchema = z.strictObject({
  ...questionFields,
  /** Option title -> the question asked when that option is chosen. */
  // Not a z.record: its class would join the quiz's first load (every page shares zod's chunk).
  followup_questions: z.object({}).catchall(followUpQuestionSchema).optional(),
});
export type Question = z.infer<typeof questionSchema>;
export type FollowUpQuestion = z.infer<typeof followUpQuestionSchema>;
/** What the engine asks: a question of the file, or a follow-up of one. */
export type AskedQuestion = Question | FollowUpQuestion;

export const dependencyRuleSchema = z.strictObject({
  question_id: z.string().min(1).max(40),
  /** A question id, or `user_state` (the patient's state) in the refill form. */
  dependent_on: z.string().min(1).max(40),
  ask_if_val_in: z.array(z.string().min(1).max(500)).min(1),
});
export type DependencyRule = z.infer<typeof dependencyRuleSchema>;

export const questionnaireFileSchema = z
  .strictObject({
    /** 1 medical integration, 2 bare medication, 3 refill (the loader's form numbers). */
    form: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    name: text,
    /** Bumped on every change to the file; kept with each submission. */
    version: z.string().regex(/^\d{4}-\d{2}-\d{2}\.\d+$/),
    questions: z.array(questionSchema).min(1),
    dependencies: z.array(dependencyRuleSchema),
  })
  .superRefine((file, ctx) => {
    const ids = new Set<string>();
    const all = file.questions.flatMap((q) => [q, ...Object.values(q.followup_questions ?? {})]);
    for (const q of all) {
      if (ids.has(q.id)) ctx.addIssue({ code: 'custom', message: `question id ${q.id} twice` });
      ids.add(q.id);
      const titles = (q.options ?? []).map((o) => o.title);
      if (optionTypes.includes(q.question_type) && titles.length === 0)
        ctx.addIssue({ code: 'custom', message: `question ${q.id} has no options` });
      if (new Set(titles).size !== titles.length)
        ctx.addIssue({ code: 'custom', message: `question ${q.id} repeats an option` });
      const bounded = q.min !== undefined || q.max !== undefined;
      if (q.question_type === 'integer' && (q.min === undefined || q.max === undefined))
        ctx.addIssue({ code: 'custom', message: `number question ${q.id} needs its min and max` });
      if (q.question_type !== 'integer' && bounded)
        ctx.addIssue({
          code: 'custom',
          message: `question ${q.id} is not a number: no min or max`,
        });
      if (q.min !== undefined && q.max !== undefined && q.min > q.max)
        ctx.addIssue({ code: 'custom', message: `question ${q.id} has its min above its max` });
    }
    for (const q of file.questions)
      for (const title of Object.keys(q.followup_questions ?? {}))
        if (!(q.options ?? []).some((o) => o.title === title))
          ctx.addIssue({
            code: 'custom',
            message: `question ${q.id} has a follow-up for "${title}", which is not one of its options`,
          });
    for (const rule of file.dependencies) {
      if (!ids.has(rule.question_id))
        ctx.addIssue({
          code: 'custom',
          message: `dependency on unknown question ${rule.question_id}`,
        });
      if (rule.dependent_on !== userStateDependency && !ids.has(rule.dependent_on))
        ctx.addIssue({
          code: 'custom',
          message: `dependency on unknown answer ${rule.dependent_on}`,
        });
    }
  });
export type QuestionnaireFile = z.infer<typeof questionnaireFileSchema>;

/** The bounds of a number question, as the file gives them (integer questions have both). */
export type NumberBounds = Pick<Question, 'min' | 'max'>;

/** "a whole number from 1 to 10": the bounds in the words the browser and the server both use. */
export function numberRangeText(bounds: NumberBounds): string {
  return `a whole number from ${bounds.min ?? 0} to ${bounds.max ?? 'any size'}`;
}

/**
 * Whether a number question's answer is a whole number as typed: digits, with spaces around
 * them; the spec's lenient form stands, so "04" is 4. "5.5", "1e1" and "-3" are not.
 */
export function isWholeNumber(answer: string): boolean {
  return /^\d+$/.test(answer.trim());
}

/** Whether a number answer ("7", " 180.5 ") lies within its question's bounds. */
export function isWithinBounds(bounds: NumberBounds, answer: string): boolean {
  const value = Number(answer.trim());
  if (answer.trim() === '' || !Number.isFinite(value)) return false;
  return (
    (bounds.min === undefined || value >= bounds.min) &&
    (bounds.max === undefined || value <= bounds.max)
  );
}

/** Whether an `integer` question's answer may stand: a whole number within its bounds. */
export function isNumberAnswer(bounds: NumberBounds, answer: string): boolean {
  return isWholeNumber(answer) && isWithinBounds(bounds, answer);
}
