/**
 * A patient's consent to texts ("Text me updates"), as the carriers' keywords change it: STOP and
 * its synonyms turn it off for every patient account with the number, START turns it on again,
 * HELP changes nothing. The answers are the ones US carriers require of a program number: who it
 * is, how to stop, how to get help. Nothing about anyone's health, and no account is named.
 */
import { and, eq } from 'drizzle-orm';
import { smsKeywords } from '@clinic/contracts';
import { clinicName, optOutLine, type Db } from '@clinic/kit';
import { users } from '../db/schema';

export type SmsCommand = keyof typeof smsKeywords;

/** The keyword a whole text is (case and surrounding spaces aside), or null for any other text. */
export function smsCommand(body: string): SmsCommand | null {
  const word = body.trim().toUpperCase();
  for (const command of Object.keys(smsKeywords) as SmsCommand[])
    if ((smsKeywords[command] as readonly string[]).includes(word)) return command;
  return null;
}

/** The 10 digits a patient's phone is stored as, from the provider's +1 E.164; null otherwise. */
export function usPhoneDigits(from: string): string | null {
  const digits = from.replace(/\D/g, '');
  if (/^1\d{10}$/.test(digits) && from.trim().startsWith('+')) return digits.slice(1);
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** Sets "Text me updates" for the patients with this number; the number of accounts changed. */
export async function setTextUpdatesForPhone(
  db: Db,
  phone: string,
  on: boolean,
  now: Date,
): Promise<number> {
  const changed = await db
    .update(users)
    .set({ textUpdates: on, updatedAt: now })
    .where(and(eq(users.phone, phone), eq(users.role, 'patient')))
    .returning({ id: users.id });
  return changed.length;
}

export const smsReplies = {
  stop: `${clinicName}: You are unsubscribed and will get no more texts from us. Reply START to resubscribe.`,
  start: `${clinicName}: You are subscribed to text updates again. Reply HELP for help. ${optOutLine}`,
  startUnknown: `${clinicName}: We found no patient account with this number. Turn on "Text me updates" in your portal's Profile tab.`,
  help: (publicUrl: string) =>
    `${clinicName}: For help, message our care team in your patient portal: ${publicUrl}/support. Msg & data rates may apply. ${optOutLine}`,
};
