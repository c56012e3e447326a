// The forms service as the clinic sees it: the interface and its HTTP client, without any of
// forms' server code (the in-process implementation is exported by @clinic/forms).
export type { FormsRecords } from './forms-records';
export { HttpFormsRecords, FormsRecordsError } from './http-forms-records';
