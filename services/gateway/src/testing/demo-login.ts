/**
 * A demo account's session through the product's one address, as the journeys and the role
 * matrix need it: a patient's password answers the session; a staff member's leads to the second
 * factor, passed with the code the account's published secret gives (identity's
 * nextDemoSignInCode, the one way every test and script computes it). A code refused as used
 * (the account logged in within its time step elsewhere) is followed by the next one.
 */
import { nextDemoSignInCode } from '@clinic/identity';
import { call } from './patient-journey';

export interface DemoSession {
  token: string;
  id: number;
}

export async function logInDemo(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<DemoSession> {
  const login = await call(baseUrl, 'POST', '/api/login', { json: account });
  if (login.status !== 200) throw new Error(`${account.email} could not log in: ${login.status}`);
  let answer = login;
  if (login.body.status === 'second_factor') {
    const challenge = login.body.challenge as string;
    for (let tries = 0; tries < 3; tries += 1) {
      const code = await nextDemoSignInCode(account.email);
      answer = await call(baseUrl, 'POST', '/api/login/second-factor', {
        json: { challenge, code },
      });
      if (answer.body.reason !== 'code_reused') break;
    }
    if (answer.status !== 200) {
      throw new Error(`${account.email} was refused the second factor: ${answer.status}`);
    }
  }
  return { token: answer.body.token as string, id: (answer.body.user as { id: number }).id };
}
