import type { Session } from '../session/session';
import { PageShell } from '../ui';
import { EnrolmentStep } from './EnrolmentStep';
import { SecondFactorStep } from './SecondFactorStep';

export interface SecondStep {
  challenge: string;
  next: 'code' | 'enrol';
}

/** /login's card after a staff member's right password: their code, or enrolment first. */
export function StaffLoginStep({
  step,
  onSession,
  onRestart,
}: {
  step: SecondStep;
  onSession(session: Session): Promise<void>;
  onRestart(): void;
}) {
  const Step = step.next === 'code' ? SecondFactorStep : EnrolmentStep;
  return (
    <PageShell narrow className="account">
      <section className="card account__card" aria-labelledby="login-title">
        <h1 id="login-title">{step.next === 'code' ? 'Log In' : 'Set Up Two-Factor Login'}</h1>
        <Step challenge={step.challenge} onSession={onSession} onRestart={onRestart} />
      </section>
    </PageShell>
  );
}
