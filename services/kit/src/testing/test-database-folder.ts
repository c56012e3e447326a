/** The variable naming the folder of this run's test database templates (see test-database.ts). */
export const TEST_DB_TEMPLATES_ENV = 'CLINIC_TEST_DB_TEMPLATES';
/** Where the global setup notes the folder it made, for the teardown to remove. */
export const TEST_DB_TEMPLATES_MADE = '__clinicTestDbTemplatesMade';
