// Test harnesses of the clinic service, for its own tests and those of the services beside it.
export * from './clinic-harness';
