/**
 * The login's contract (its request and answer, built with zod): LoginPage loads it when the
 * visitor starts on the form, so /login's first screen neither downloads nor builds a schema.
 */
export { login, loginRequestSchema } from '@clinic/contracts';
