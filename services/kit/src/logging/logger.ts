import pino, { type DestinationStream, type Logger } from 'pino';
import { redactDeep } from './redact';

export type { Logger };

/**
 * The service logger: JSON lines with the service name, PHI and secrets redacted at any depth.
 * Error objects keep their message and stack (pino's `err` key) since those carry no PHI by rule:
 * never put patient data into an error message.
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
