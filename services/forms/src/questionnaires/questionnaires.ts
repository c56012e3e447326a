/**
 * The checked-in questionnaire files (spec 002 sections 2 to 5): form 1 medical integration,
 * form 2 bare medication, form 3 refill. `loadQuestionnaires` reads each JSON file next to this
 * module and parses it with the contracts' `questionnaireFileSchema`, so the service never
 * starts with a file that is malformed, repeats a question id, has a follow-up or dependency
 * rule naming something that does not exist, or leaves an option question without options: it
 * throws instead. The ids, keys and option titles the rules read are those of
 * `@clinic/contracts`' answer keys (held to them by questionnaires.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  questionnaireFileSchema,
  questionnaireNames,
  type QuestionnaireFile,
  type QuestionnaireName,
} from '@clinic/contracts';

export { questionnaireNames, type QuestionnaireName };

/** One questionnaire file, parsed; throws naming the file when it is not valid. */
export function loadQuestionnaire(name: QuestionnaireName): QuestionnaireFile {
  const raw: unknown = JSON.parse(readFileSync(join(__dirname, name + '.json'), 'utf8'));
  const parsed = questionnaireFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `Questionnaire ${name}.json is not valid: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)
        .join('; ')}`,
    );
  return parsed.data;
}

/** The three questionnaire files by name, each checked against the schema. */
export function loadQuestionnaires(): Record<QuestionnaireName, QuestionnaireFile> {
  return {
    'medical-integration': loadQuestionnaire('medical-integration'),
    'bare-medication': loadQuestionnaire('bare-medication'),
    refill: loadQuestionnaire('refill'),
  };
}
