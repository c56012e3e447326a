/**
 * Chat's configuration, read the same way by its own process (cluster mode) and by the gateway
 * that runs it in-process (single-node mode).
 */
import { z } from 'zod';
import type { ChatDeps } from './deps';
import { parseStaffedHours } from './domain/staffed-hours';

export const chatConfigFields = {
  /** When support answers the chat, in CLINIC_TIME_ZONE. */
  CHAT_STAFFED_HOURS: z.string().default('Mon-Fri 07:00-19:00'),
  CLINIC_TIME_ZONE: z.string().default('America/Los_Angeles'),
  /** The reply time promised while the chat is staffed. */
  CHAT_REPLY_MINUTES: z.coerce.number().int().min(1).max(240).default(5),
  /** The doctor's reply time (spec 002: under 24 hours). */
  DOCTOR_REPLY_HOURS: z.coerce.number().int().min(1).max(72).default(24),
  /** The outside patient-messaging page of provider 1 (spec 002), if the clinic uses one. */
  DOCTOR_MESSAGING_URL: z.url().optional(),
};

export type ChatConfig = z.infer<z.ZodObject<typeof chatConfigFields>> & { REDIS_URL?: string };

export function chatDepsFromConfig(
  config: ChatConfig,
): Omit<ChatDeps, 'identity' | 'forms' | 'publicUrl'> {
  return {
    hours: parseStaffedHours(config.CHAT_STAFFED_HOURS, config.CLINIC_TIME_ZONE),
    replyMinutes: config.CHAT_REPLY_MINUTES,
    doctorReplyHours: config.DOCTOR_REPLY_HOURS,
    doctorMessagingUrl: config.DOCTOR_MESSAGING_URL ?? null,
    redisUrl: config.REDIS_URL,
  };
}
