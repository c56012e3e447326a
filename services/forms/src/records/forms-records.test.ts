import { createLocalFormsRecords } from './local-forms-records';
import { formsRecordsContract, questionnairesWithReviewFlag } from './forms-records.suite';

formsRecordsContract('in-process', async (forms) => ({
  records: createLocalFormsRecords(forms.service.runtime, {
    identity: forms.directory,
    storage: forms.storage,
    questionnaires: questionnairesWithReviewFlag(),
  }),
  close: async () => undefined,
}));
