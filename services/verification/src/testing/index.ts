// Test harnesses of the verification service, for its own tests and those of the services that call it.
export * from './verification-harness';
