/** The real engines' addresses for `npm run test:infra` (printed by infra/local/up.sh --env). */
export function infraEnv(): { DATABASE_URL: string; REDIS_URL: string; KAFKA_BROKERS: string } {
  const env = {
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://clinic:clinic@127.0.0.1:5432/clinic',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
  };
  return env;
}

/**
 * The service's own database user, as infra/local/up.sh makes it (`<service>_service`, password
 * `<service>-local`, printed as <SERVICE>_DATABASE_URL), on the database of `infraEnv()`.
 */
export function infraServiceDatabaseUrl(service: string): string {
  const url = new URL(infraEnv().DATABASE_URL);
  url.username = `${service}_service`;
  url.password = `${service}-local`;
  return url.toString();
}
