import pino, { type DestinationStream, type Logger } from 'pino';
import { redactDeep } from './redact';
import { safeError } from './safe-error';

export type { Logger };

/**
 * The service logger: JSON lines with the service name, PHI and secrets redacted at any depth.
 * Errors (the `err` key or anywhere else) are logged through `safeError`: their message and
 * stack, since those carry no PHI by rule, but never a failed query's values.
 */
export function createLogger(
  opts: { service: string; level?: string },
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      base: { service: opts.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: (err: unknown) => safeError(err) },
      formatters: {
        log: (object) => {
          const { err, ...rest } = object as Record<string, unknown>;
          const safe = redactDeep(rest) as Record<string, unknown>;
          return err === undefined ? safe : { ...safe, err };
        },
      },
    },
    destination,
  );
}
