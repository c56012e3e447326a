// Test harnesses of the intake service, for its own tests and those of the services that call it.
export * from './intake-service';
