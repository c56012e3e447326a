/**
 * Intake's configuration, read the same way by its own process (cluster mode) and by the gateway
 * that runs it in-process (single-node mode).
 */
import { z } from 'zod';
import type { IntakeDeps } from './app';

export const intakeConfigFields = {
  /**
   * Quiz submissions one client address may make in an hour. 30 tells a person from a script; a
   * call centre entering callers' quizzes from one office address needs more.
   */
  QUIZ_SUBMISSIONS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
};

export type IntakeConfig = z.infer<z.ZodObject<typeof intakeConfigFields>>;

export function intakeDepsFromConfig(
  config: IntakeConfig,
): Omit<IntakeDeps, 'identity' | 'openWork'> {
  return { submissionsPerAddressHour: config.QUIZ_SUBMISSIONS_PER_ADDRESS_HOUR };
}
