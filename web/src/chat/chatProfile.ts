import { chatUserResponseSchema } from '@clinic/contracts';
import type { z } from 'zod';
import { browserKeys } from '../session/browserStorage';

/**
 * A visitor's chat profile, kept by the browser: the chat token is what opens their
 * conversation again after a reload (spec 000: with a profile the widget shows the chat).
 */
const visitorSchema = chatUserResponseSchema.options[0].shape.user;
export type ChatProfile = z.infer<typeof visitorSchema>;

const CHAT_PROFILE_KEY = browserKeys.chatProfile;

export function readChatProfile(): ChatProfile | null {
  try {
    const parsed = visitorSchema.safeParse(
      JSON.parse(localStorage.getItem(CHAT_PROFILE_KEY) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveChatProfile(profile: ChatProfile): void {
  localStorage.setItem(CHAT_PROFILE_KEY, JSON.stringify(profile));
}

export function forgetChatProfile(): void {
  localStorage.removeItem(CHAT_PROFILE_KEY);
}
