// Test harnesses of the forms service, for its own tests and those of the services beside it,
// and the FHIR R4 schema check its Questionnaire and the clinic's export are held to.
export * from './forms-harness';
export * from './complete-answers';
export * from './submitted-assessment';
export * from '../fhir/testing/fhir-r4-schema';
