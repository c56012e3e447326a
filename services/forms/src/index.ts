export { formsService, type FormsDeps } from './app';
export { formsConfigFields, formsDepsFromConfig } from './config';
export { createLocalFormsRecords } from './records/local-forms-records';
export { countOpenOrders } from './domain/state-rules';
