// Test harnesses of the identity service, for its own tests and those of the services that call it.
export * from './identity-harness';
