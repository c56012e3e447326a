import type { QuestionnaireFile, QuestionnaireName } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import type { UploadStorage } from './storage/upload-storage';

/** What forms is given by whoever runs it (the gateway in single-node mode, main.ts in a cluster). */
export interface FormsDeps {
  /** The patient's gender, state and health id, for the loader and the re-check. */
  identity: IdentityDirectory;
  /** Where uploads go: local disk (its signed URLs served by forms) or S3. */
  storage: UploadStorage;
  /** Where the patient's emails link to (the web app's origin). */
  publicUrl: string;
  /** The questionnaire files; the checked-in ones when not given (tests pass smaller ones). */
  questionnaires?: Readonly<Record<QuestionnaireName, QuestionnaireFile>>;
}
