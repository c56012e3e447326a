import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { IdentityDeps } from './deps';
import { seedDemoAccounts } from './domain/demo-accounts';
import { sendLoginCodeJob } from './jobs/send-login-code';
import { sendPasswordResetLinkJob } from './jobs/send-password-reset-link';
import { sendStaffInviteJob } from './jobs/send-staff-invite';
import { consoleActivityRoute } from './routes/console-activity';
import { consoleMeRoute } from './routes/console-me';
import { consolePrivacyRequestRoutes } from './routes/console-privacy-requests';
import { consoleStaffAccountRoutes } from './routes/console-staff-accounts';
import { forgotPasswordRoute } from './routes/forgot-password';
import { inboundSmsRoute } from './routes/inbound-sms';
import { internalRoutes } from './routes/internal';
import { loginRoute } from './routes/login';
import { logoutRoute } from './routes/logout';
import { passwordResetRoute } from './routes/password-reset';
import { privacyRequestRoute } from './routes/privacy-request';
import { profileRoutes } from './routes/profile';
import { secondFactorRoutes } from './routes/second-factor';
import { updatePasswordRoute } from './routes/update-password';
import { clinicalRecordOpenedHealthIdSubscriber } from './subscribers/clinical-record-opened-health-id';

export type { IdentityDeps } from './deps';

/**
 * Identity owns accounts and roles, sessions, login and recovery (BRIEF section 4). Other services
 * reach it through the IdentityDirectory (in-process or over its internal routes).
 */
export const identityService: ServiceModule<IdentityDeps> = {
  name: 'identity',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  async build(runtime, deps) {
    if (deps.seedDemoAccounts) await seedDemoAccounts(runtime);
    const router = Router();
    loginRoute(router, runtime);
    secondFactorRoutes(router, runtime, deps.authenticatorNow ?? Date.now);
    logoutRoute(router, runtime);
    forgotPasswordRoute(router, runtime);
    passwordResetRoute(router, runtime);
    updatePasswordRoute(router, runtime);
    profileRoutes(router, runtime);
    privacyRequestRoute(router, runtime);
    consoleMeRoute(router, runtime);
    consoleActivityRoute(router, runtime);
    consolePrivacyRequestRoutes(router, runtime);
    consoleStaffAccountRoutes(router, runtime);
    inboundSmsRoute(router, runtime, {
      publicUrl: deps.publicUrl,
      authToken: deps.smsAuthToken,
    });
    internalRoutes(router, runtime, deps);
    return {
      router,
      subscribers: [clinicalRecordOpenedHealthIdSubscriber(runtime)],
      jobs: [
        sendPasswordResetLinkJob(runtime, deps),
        sendLoginCodeJob(runtime),
        sendStaffInviteJob(runtime, deps),
      ],
    };
  },
};
