/**
 * The demo staff accounts' authenticator secrets (README, "Demo accounts"): fixed and public, so
 * a local run can add them to an app, and so the tests and scripts that log demo staff in compute
 * their codes one way, here. Only ever given to the demo accounts `seedDemoAccounts` creates.
 *
 * A code works once per account (each 30-second step once), and the server accepts the step
 * after the current one too. `nextDemoSignInCode` remembers the steps this process used and
 * takes the next free one, waiting for the clock only when both are taken: two logins of one
 * account every 30 seconds go through at once.
 */
import { totpCodeForStep, totpStepAt, TOTP_STEP_MS } from './authenticator';

export const demoStaffSecrets: Readonly<Record<string, string>> = {
  'clinician@demo.glp-clinic.local': 'DEMOCLINICIANSECRETFORLOCALUSEAA',
  'support@demo.glp-clinic.local': 'DEMOSUPPORTSECRETFORLOCALUSEAAAA',
  'pharmacy@demo.glp-clinic.local': 'DEMOPHARMACYSECRETFORLOCALUSEAAA',
  'marketing@demo.glp-clinic.local': 'DEMOMARKETINGSECRETFORLOCALUSEAA',
  'admin@demo.glp-clinic.local': 'DEMOADMINSECRETFORLOCALUSEAAAAAA',
};

export function isDemoStaffEmail(email: string): boolean {
  return Object.hasOwn(demoStaffSecrets, email.toLowerCase());
}

function secretOf(email: string): string {
  const secret = demoStaffSecrets[email.toLowerCase()];
  if (!secret) throw new Error(`${email} is not a demo staff account`);
  return secret;
}

/** The code a demo staff member's app shows at a moment (now unless given). */
export function demoSignInCode(email: string, atMs = Date.now()): string {
  return totpCodeForStep(secretOf(email), totpStepAt(atMs));
}

const usedSteps = new Map<string, number>();

/**
 * A code for a demo staff member's next login that this process has not used yet. Refused as
 * used (another process logged the account in within the step), asking again gives the next one.
 */
export async function nextDemoSignInCode(email: string): Promise<string> {
  const key = email.toLowerCase();
  const current = totpStepAt(Date.now());
  const step = Math.max(current, (usedSteps.get(key) ?? -Infinity) + 1);
  // The server takes one step ahead at most: wait until the step before this one begins.
  const waitMs = (step - 1) * TOTP_STEP_MS - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 50));
  usedSteps.set(key, step);
  return totpCodeForStep(secretOf(email), step);
}
