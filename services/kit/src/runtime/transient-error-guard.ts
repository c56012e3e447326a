import type { Logger } from '../logging/logger';
import { describeError, isTransientError } from './transient-errors';

/**
 * A running process does not die of an engine that went away for a moment: an engine error
 * nobody awaited (a socket emitting 'error', a background promise of a driver) is logged and the
 * process carries on, the drivers reconnecting. Anything else still ends the process, as Node
 * would have: continuing after an unknown failure hides bugs.
 */
export function surviveTransientErrors(logger: Logger, exit: (code: number) => void): void {
  const handle = (kind: string) => (err: unknown) => {
    if (isTransientError(err)) {
      logger.warn(
        { error: describeError(err) },
        `${kind} from an engine that is away; carrying on`,
      );
      return;
    }
    logger.fatal({ err }, kind);
    exit(1);
  };
  process.on('unhandledRejection', handle('unhandled rejection'));
  process.on('uncaughtException', handle('uncaught exception'));
}
