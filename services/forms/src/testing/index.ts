// Test harnesses of the forms service, for its own tests and those of the services beside it.
export * from './forms-harness';
export * from './complete-answers';
