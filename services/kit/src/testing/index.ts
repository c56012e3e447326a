// What tests of any service use from the kit: engines for tests, a service booted on them, polling
// and log helpers, scratch brokers and processes for the infra suites. Not for production code.
export * from './child-process';
export * from './declared-schema';
export * from './engines';
export * from './fake-timers';
export * from './infra-env';
export * from './scratch-kafka';
export * from './service-app';
export * from './support';
export * from './tcp-proxy';
export * from './test-database';
export * from './loopback-server';
export * from './audit-trail-move';
export * from './staged-backlog';
