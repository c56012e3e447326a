import { doctorTabPath } from '@clinic/contracts';
import type { PatientMessageText } from '@clinic/kit';

/**
 * What the patient is told when their doctor answers (spec 002: "the user is notified by text"):
 * that there is a reply and where to read it, never what it says. Health information stays in
 * the portal behind the login.
 */
export function doctorRepliedMessage(publicUrl: string): PatientMessageText {
  const link = `${publicUrl}${doctorTabPath}`;
  return {
    subject: 'Your doctor replied to your message',
    body: `Your doctor replied to your message. Read it in your portal (Doctor on Demand): ${link}`,
    text: `your doctor replied to your message. Read it in your portal: ${link}`,
  };
}
