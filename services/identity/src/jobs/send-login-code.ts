/**
 * Job `send-login-code`: a new one-time login code for an account past its failure limit, made
 * and emailed here (the plain code is never in a job payload or a table). Login queues it only
 * after the right password, and answers the same whether it did or not. At least once: a retry
 * after a failed send issues a fresh code (replacing the unsent one); beyond that, a code at most
 * once a minute and five an hour, so the owner's inbox is never flooded.
 */
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { loginCodeEmail } from '../domain/emails';
import { issueLoginCode } from '../domain/login-codes';
import { findUserById } from '../domain/users';
import { sendLoginCode } from './definitions/send-login-code';

export function sendLoginCodeJob(runtime: ServiceRuntime) {
  return defineJob({
    ...sendLoginCode,
    async handle({ userId }, { attempt }) {
      const user = await findUserById(runtime.db, userId);
      if (!user) return;
      const code = await runtime.transaction((tx) =>
        issueLoginCode(tx, userId, runtime.clock.now(), attempt > 1),
      );
      if (code) await runtime.notifier.send(loginCodeEmail(user.email, code));
    },
  });
}
