import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates the environment against a schema at start-up and fails fast with every bad variable
 * named, so a misconfigured process never half-starts.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    const value = env[variable];
    return value === undefined || value === ''
      ? `${variable} is missing (${issue.message})`
      : `${variable} is invalid: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

/** Variables every service reads; services extend it with their own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  /** The owner's connection that migrations run on, when DATABASE_URL is a service's own user. */
  MIGRATION_DATABASE_URL: optionalUrl,
  KAFKA_BROKERS: optionalString,
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().positive().default(1),
  KAFKA_PARTITIONS: z.coerce.number().int().positive().default(3),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('GLP Clinic <care@glp-clinic.local>'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  BODY_LIMIT: z.string().default('100kb'),
  /**
   * Whose X-Forwarded-For to believe (Express's `trust proxy`: addresses, CIDRs or names such as
   * `loopback`). The gateway trusts none unless told; a cluster's services trust the gateway.
   */
  TRUST_PROXY: optionalString,
  /**
   * The product's public address, for links in emails. Unset: the address actually served
   * (single-node) or the gateway's (start:cluster sets it for the services).
   */
  PUBLIC_URL: optionalUrl,
  /**
   * The bearer token /metrics asks for (Prometheus' `authorization` credentials). Unset, /metrics
   * answers only direct connections from loopback or the internal network, never a proxied one.
   */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  /**
   * Shared by the gateway and the services of a cluster to sign the caller's identity and
   * internal calls. Single-node mode makes a random one per process.
   */
  INTERNAL_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;
